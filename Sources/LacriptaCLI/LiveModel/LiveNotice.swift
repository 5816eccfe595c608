import LacriptaCore
import LacriptaTerminal

/// Something the streamer said that the user should hear about, kept as data so each view words
/// and places it its own way (a line under the `live` table, a line on stderr off a terminal).
enum LiveNotice: Sendable, Equatable {
    /// A market refused a pair (the streamer's 500 INVALID_SUB, or neither exchange listing it
    /// without a key): `pair` is `FROM/TO`, or the channel as the server named it when it was not
    /// one we can read; `source` who refused ("the streamer" for its index, else the market's
    /// name); `info` the explanation.
    case refused(pair: String, source: String, info: String)
    /// A connection attempt to `source` (the streamer, or an exchange) failed.
    case connectFailed(source: String, reason: String)
    /// The streamer refused the connection for a limit (429); `limit` is the socket count it
    /// named, if it did.
    case rateLimited(limit: Int?)
    /// A market accepted the connection and has sent nothing since, `seconds` later.
    case noDataYet(source: String, seconds: Int)

    /// The notice for `event`, if it is one; server text is made one safe line here.
    init?(_ event: PriceFeedEvent) {
        switch event {
        case .invalidSubscription(let invalid):
            let pair = invalid.subscription.map { "\($0.from)/\($0.to)" } ?? Sanitizer.singleLine(invalid.parameter)
            let market = invalid.subscription?.market ?? Subscription.aggregateMarket
            let source = market == Subscription.aggregateMarket ? "the streamer" : Sanitizer.singleLine(market)
            self = .refused(pair: pair, source: source, info: Sanitizer.singleLine(invalid.info ?? "not available"))
        case .connectFailed(let source, let reason):
            self = .connectFailed(source: Sanitizer.singleLine(source), reason: Sanitizer.singleLine(reason))
        case .rateLimited(let notice):
            self = .rateLimited(limit: notice.limit)
        case .noDataYet(let source, let after):
            self = .noDataYet(source: Sanitizer.singleLine(source), seconds: Int(after.components.seconds))
        default:
            return nil
        }
    }

    /// One line for the user, without the `lacripta:` prefix.
    var text: String {
        switch self {
        case .refused(let pair, let source, let info):
            "\(pair) is not available on \(source): \(info)"
        case .connectFailed(let source, let reason):
            "cannot connect to \(source): \(reason)"
        case .rateLimited(let limit):
            "the streamer refused the connection: too many open\(limit.map { " (at most \($0))" } ?? ""); "
                + "free keys allow one socket per account. Retrying in a minute or more."
        case .noDataYet(let source, let seconds):
            "no data yet from \(source) (connected \(seconds) s ago)"
        }
    }
}
