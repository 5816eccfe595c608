import LacriptaCore
import LacriptaTerminal

/// Something the streamer said that the user should hear about, kept as data so each view words
/// and places it its own way (a line under the `live` table, a line on stderr off a terminal).
enum LiveNotice: Sendable, Equatable {
    /// The streamer refused a pair (500 INVALID_SUB): `pair` is `FROM/TO`, or the channel as the
    /// server named it when it was not one we can read; `info` is its explanation.
    case refused(pair: String, info: String)
    /// A connection attempt failed; the feed retries.
    case connectFailed(reason: String)
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
            self = .refused(pair: pair, info: Sanitizer.singleLine(invalid.info ?? "not available"))
        case .connectFailed(let reason):
            self = .connectFailed(reason: Sanitizer.singleLine(reason))
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
        case .refused(let pair, let info):
            "\(pair) is not available on the streamer: \(info)"
        case .connectFailed(let reason):
            "cannot connect to the streamer: \(reason)"
        case .rateLimited(let limit):
            "the streamer refused the connection: too many open\(limit.map { " (at most \($0))" } ?? ""); "
                + "free keys allow one socket per account. Retrying in a minute or more."
        case .noDataYet(let source, let seconds):
            "no data yet from \(source) (connected \(seconds) s ago)"
        }
    }
}
