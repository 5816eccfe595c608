/// The body of a 401, 429 or 500 message: `MESSAGE`, and the optional `PARAMETER` and `INFO`.
///
/// All three strings are untrusted server text. `kind` is derived from `MESSAGE` because TYPE 500
/// and 429 each cover several conditions that need different handling.
public struct ServerNotice: Sendable, Equatable {
    /// The condition named by `MESSAGE`.
    public enum Kind: Sendable, Equatable {
        /// `INVALID_SUB`: `parameter` names the rejected subscription.
        case invalidSubscription
        /// `FORCE_DISCONNECT`: the server is dropping this socket (slow pongs); reconnect.
        case forceDisconnect
        /// `SUBSCRIPTION_UNRECOGNIZED`: a SubRemove for something not subscribed.
        case subscriptionUnrecognized
        /// `SUBSCRIPTION_ALREADY_ACTIVE`: a SubAdd for something already subscribed.
        case subscriptionAlreadyActive
        /// `INVALID_JSON`: the server could not read what we sent.
        case invalidJSON
        /// `INVALID_PARAMETER`: a bad action or subs format.
        case invalidParameter
        /// `TOO_MANY_SOCKETS_MAX_{N}_PER_CLIENT`: the account's socket limit (1 on free keys).
        case tooManySockets
        /// `TOO_MANY_SUBSCRIPTIONS_MAX_{N}_PER_SOCKET`.
        case tooManySubscriptions
        /// `RATE_LIMIT_OPENING_SOCKETS_TOO_FAST`: refused for at least a minute.
        case openingSocketsTooFast
        /// `UNAUTHORIZED`.
        case unauthorized
        /// Anything else.
        case other
    }

    /// `MESSAGE`, e.g. `INVALID_SUB` ("" when absent).
    public var message: String
    /// `PARAMETER`, e.g. the subscription an `INVALID_SUB` refers to.
    public var parameter: String?
    /// `INFO`: a human-readable explanation from the server.
    public var info: String?

    /// Creates a notice.
    public init(message: String, parameter: String? = nil, info: String? = nil) {
        self.message = message
        self.parameter = parameter
        self.info = info
    }

    /// The condition, from `MESSAGE`.
    public var kind: Kind {
        switch message {
        case "INVALID_SUB": .invalidSubscription
        case "FORCE_DISCONNECT": .forceDisconnect
        case "SUBSCRIPTION_UNRECOGNIZED": .subscriptionUnrecognized
        case "SUBSCRIPTION_ALREADY_ACTIVE": .subscriptionAlreadyActive
        case "INVALID_JSON": .invalidJSON
        case "INVALID_PARAMETER": .invalidParameter
        case "RATE_LIMIT_OPENING_SOCKETS_TOO_FAST": .openingSocketsTooFast
        case "UNAUTHORIZED": .unauthorized
        case _ where message.hasPrefix("TOO_MANY_SOCKETS_"): .tooManySockets
        case _ where message.hasPrefix("TOO_MANY_SUBSCRIPTIONS_"): .tooManySubscriptions
        default: .other
        }
    }

    /// The `N` in `TOO_MANY_SOCKETS_MAX_N_PER_CLIENT` or `TOO_MANY_SUBSCRIPTIONS_MAX_N_PER_SOCKET`.
    public var limit: Int? {
        let parts = message.split(separator: "_")
        guard let max = parts.firstIndex(of: "MAX"), max + 1 < parts.count else { return nil }
        return Int(parts[max + 1])
    }
}
