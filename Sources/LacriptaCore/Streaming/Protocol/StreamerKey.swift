/// The JSON keys of streamer messages that the parser reads; every other key is skipped.
enum StreamerKey: Sendable, Equatable {
    case field(PriceField)
    case type
    case market
    case fromSymbol
    case toSymbol
    case flags
    case lastTradeID
    case lastMarket
    case message
    case sub
    case info
    case parameter
    case timeMilliseconds
    case serverName
    case serverUptimeSeconds
    case serverTimeMilliseconds
    case clientID
    case dataFormat
    case socketID
    case socketsActive
    case socketsRemaining
    case rateLimitMax(RateLimitPeriod)
    case rateLimitRemaining(RateLimitPeriod)

    /// The periods of the welcome's `RATELIMIT_*` figures.
    enum RateLimitPeriod: CaseIterable, Sendable {
        case second, minute, hour, day, month

        /// The suffix of the wire key (`SECOND`).
        var wireSuffix: String {
            switch self {
            case .second: "SECOND"
            case .minute: "MINUTE"
            case .hour: "HOUR"
            case .day: "DAY"
            case .month: "MONTH"
            }
        }
    }

    /// Whether a parser reading `fields` of price updates reads this key; control keys always are.
    func isRead(for fields: PriceFieldSet) -> Bool {
        switch self {
        case .field(let field): fields.contains(field)
        case .lastTradeID: fields.contains(.lastTradeID)
        case .lastMarket: fields.contains(.lastMarket)
        default: true
        }
    }

    /// The table of every key the streamer parser reads.
    static let table = KeyTable(keys: all)

    /// Every key with its wire name.
    static var all: [(name: String, key: StreamerKey)] {
        var keys: [(String, StreamerKey)] = PriceField.allCases.map { ($0.wireName, .field($0)) }
        keys += [
            ("TYPE", .type), ("MARKET", .market), ("FROMSYMBOL", .fromSymbol), ("TOSYMBOL", .toSymbol),
            ("FLAGS", .flags), ("LASTTRADEID", .lastTradeID), ("LASTMARKET", .lastMarket),
            ("MESSAGE", .message), ("SUB", .sub), ("INFO", .info), ("PARAMETER", .parameter),
            ("TIMEMS", .timeMilliseconds), ("SERVER_NAME", .serverName),
            ("SERVER_UPTIME_SECONDS", .serverUptimeSeconds), ("SERVER_TIME_MS", .serverTimeMilliseconds),
            ("CLIENT_ID", .clientID), ("DATA_FORMAT", .dataFormat), ("SOCKET_ID", .socketID),
            ("SOCKETS_ACTIVE", .socketsActive), ("SOCKETS_REMAINING", .socketsRemaining),
        ]
        for period in RateLimitPeriod.allCases {
            keys.append(("RATELIMIT_MAX_" + period.wireSuffix, .rateLimitMax(period)))
            keys.append(("RATELIMIT_REMAINING_" + period.wireSuffix, .rateLimitRemaining(period)))
        }
        return keys
    }
}
