/// Everything the parser read from one object, before it knows which message it is.
package struct ScanRecord {
    /// The `TYPE` as read: a number (the normal case) or text that is not a number.
    enum MessageType {
        case code(Int)
        case text(String)
    }

    var type: MessageType?
    var market: String?
    var from: String?
    var to: String?
    var flags = 0
    var fields = PriceFields()
    /// The key order of the messages this record has held (see `KeyOrder`); it outlives `reset`,
    /// which is why the feed keeps one record for a whole batch.
    var keyOrder = KeyOrder<StreamerKey>()
    /// The fields of control messages, set on the first such key. Price updates, the hot path,
    /// have none: `reset` then finds nothing to release.
    private var controlFields: ControlFields?

    /// An empty record, to be reused from message to message.
    package init() {}

    /// The control fields, empty until one is set. Control messages are rare, so a copy per
    /// field set does not matter.
    var control: ControlFields {
        get { controlFields ?? ControlFields() }
        set { controlFields = newValue }
    }

    /// Forgets the previous message, so one record can serve a whole batch: the 256-byte block of
    /// figures is not cleared, only marked empty.
    mutating func reset() {
        type = nil
        market = nil
        from = nil
        to = nil
        flags = 0
        fields.removeAll()
        controlFields = nil
        keyOrder.startMessage()
    }

    /// Whether the record holds a price update with its pair (TYPE 5 or 2), which
    /// `classified()` would turn into `.update`.
    var isPriceUpdate: Bool {
        guard case .code(let code)? = type, code == 5 || code == 2 else { return false }
        return market != nil && from != nil && to != nil
    }

    /// Classifies the record by `TYPE`.
    func classified() -> StreamerMessage {
        guard let type else { return .malformed(.missingType) }
        let code: Int
        switch type {
        case .code(let value): code = value
        case .text(let text): return .unknown(type: text)
        }
        switch code {
        case 5, 2:
            guard let market, let from, let to else { return .malformed(.missingPair) }
            return .update(
                PriceUpdate(
                    channel: code,
                    pair: PairKey(market: market, from: from, to: to),
                    flags: PriceFlags(rawValue: flags),
                    fields: fields
                )
            )
        default:
            return control.message(type: code)
        }
    }
}

/// The fields of control messages (welcome, subscription results, errors, heartbeat).
struct ControlFields {
    var message: String?
    var sub: String?
    var info: String?
    var parameter: String?
    var timeMilliseconds: Int64?
    var welcome = StreamerWelcome()

    /// The control message of TYPE `code`.
    func message(type code: Int) -> StreamerMessage {
        switch code {
        case 999: .heartbeat(timeMilliseconds: timeMilliseconds)
        case 20: .welcome(welcome)
        case 16: .subscribeComplete(sub: sub ?? "")
        case 17: .unsubscribeComplete(sub: sub ?? "")
        case 18: .unsubscribeAllComplete(info: info)
        case 3: .loadComplete(info: info)
        case 401: .unauthorized(notice)
        case 429: .rateLimited(notice)
        case 500: .serverError(notice)
        default: .unknown(type: String(code))
        }
    }

    private var notice: ServerNotice {
        ServerNotice(message: message ?? "", parameter: parameter, info: info)
    }
}

extension RateLimitFigures {
    /// The figure for one period, for the parser.
    subscript(period: StreamerKey.RateLimitPeriod) -> Int64? {
        get {
            switch period {
            case .second: second
            case .minute: minute
            case .hour: hour
            case .day: day
            case .month: month
            }
        }
        set {
            switch period {
            case .second: second = newValue
            case .minute: minute = newValue
            case .hour: hour = newValue
            case .day: day = newValue
            case .month: month = newValue
            }
        }
    }
}
