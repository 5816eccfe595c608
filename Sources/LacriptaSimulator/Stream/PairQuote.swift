/// The full current state of one streamed pair, and its TYPE 5 wire form.
///
/// Numbers are kept as `Double`s keyed by field; the two string fields (LASTTRADEID, LASTMARKET)
/// are kept apart because the service sends them as JSON strings. MEDIAN always equals PRICE,
/// as in the 2024 capture.
struct PairQuote: Sendable, Equatable {
    /// The pair quoted.
    let pair: StreamPair
    /// The FLAGS bitmask of the last move (1 up, 2 down, 4 unchanged).
    var flags: Int
    /// The numeric fields.
    var numbers: [QuoteField: Double]
    /// The id of the last trade (digits; sent as a string).
    var lastTradeID: Int64
    /// The exchange of the last trade.
    var lastMarket: String

    /// FLAGS bits for the price direction (reference §3.4); the bid/ask/median bits are never set,
    /// as in every capture.
    enum Flag {
        static let priceUp = 1
        static let priceDown = 2
        static let priceUnchanged = 4
    }

    /// The numeric value of `field` (0 when the recording had none).
    subscript(field: QuoteField) -> Double {
        get { numbers[field] ?? 0 }
        set { numbers[field] = newValue }
    }

    /// The full snapshot sent after a SubAdd: every field, FLAGS as a number.
    func snapshot() -> JSONValue {
        message(fields: QuoteField.allCases, flagsAsString: false)
    }

    /// A partial update carrying only `fields` (in wire order whatever order they are given in).
    /// `flagsAsString` writes FLAGS as `"2"` instead of `2`, the quirk REST has and clients must survive.
    func update(fields: Set<QuoteField>, flagsAsString: Bool) -> JSONValue {
        message(fields: QuoteField.allCases.filter(fields.contains), flagsAsString: flagsAsString)
    }

    private func message(fields: [QuoteField], flagsAsString: Bool) -> JSONValue {
        var members: [JSONValue.Member] = [
            JSONValue.Member("TYPE", .string(StreamPair.aggregateChannel)),
            JSONValue.Member("MARKET", .string(StreamPair.aggregateMarket)),
            JSONValue.Member("FROMSYMBOL", .string(pair.from)),
            JSONValue.Member("TOSYMBOL", .string(pair.to)),
            JSONValue.Member("FLAGS", flagsAsString ? .string(String(flags)) : .number(String(flags))),
        ]
        members.reserveCapacity(5 + fields.count)
        for field in fields {
            switch field {
            case .lastTradeID: members.append(JSONValue.Member(field.rawValue, .string(String(lastTradeID))))
            case .lastMarket: members.append(JSONValue.Member(field.rawValue, .string(lastMarket)))
            default: members.append(JSONValue.Member(field.rawValue, .number(self[field])))
            }
        }
        return .object(members)
    }
}
