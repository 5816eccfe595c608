/// Why a `PriceFeed` stopped for good. Thrown from the end of its event stream.
///
/// `description` and `userMessage` never include server text or the API key; the server's
/// explanation is kept apart in `serverInfo` for a caller that sanitizes it.
public struct PriceFeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The failure class.
    public enum Kind: Sendable, Equatable {
        /// 401: the API key is missing, invalid, or lacks access. Retrying cannot help.
        case unauthorized
        /// 429 too many sockets, still refused after waiting: another connection uses the account.
        case tooManySockets
        /// 429 for opening sockets too fast, still refused after waiting.
        case rateLimited
        /// The same protocol failure on every attempt (a bad handshake, an HTTP error other than
        /// 401/429 on the upgrade): `reason` in our words (`WebSocketError.userMessage`, which
        /// holds no wire text), after `attempts` tries.
        case refused(String, attempts: Int)
        /// 451: the server refuses connections from the user's region (Binance's restricted
        /// locations). Retrying cannot help; another market may.
        case unavailableInRegion
        /// A setting makes connecting impossible (the URL, the CA bundle): `reason` in our words.
        case misconfigured(String)
    }

    /// The failure class.
    public let kind: Kind
    /// The server's `INFO` text, if any (untrusted; sanitize before display).
    public let serverInfo: String?

    /// Creates an error.
    public init(kind: Kind, serverInfo: String? = nil) {
        self.kind = kind
        self.serverInfo = serverInfo
    }

    /// What happened and what to do next, for the user.
    public var userMessage: String {
        switch kind {
        case .unauthorized:
            "The streaming server refused the API key. Set CRYPTOCOMPARE_API_KEY (or api_key in "
                + "~/.config/lacripta/config) to a valid key with streaming access."
        case .tooManySockets:
            "The streaming server allows only one connection per account on a free API key, and "
                + "another one is open (another lacripta or a browser tab). Close it and try again."
        case .rateLimited:
            "The streaming server refused new connections because too many were opened; wait a "
                + "minute and try again."
        case .refused(let reason, let attempts):
            "The streaming server failed the same way \(attempts) times in a row (\(reason)): check "
                + "LACRIPTA_STREAM_URL (or stream_url), or try again later."
        case .unavailableInRegion:
            "The server is not available from your region (HTTP 451)."
        case .misconfigured(let reason):
            "Cannot connect to the streaming server (\(reason)): check LACRIPTA_STREAM_URL, "
                + "LACRIPTA_CA_FILE and their config-file keys."
        }
    }

    /// The failure as the CLI reports it: a refused key exits 77 (how to set the key), the
    /// socket limits 75 (rate limited: wait, or close the other connection), a server that keeps
    /// failing the same way 69, a setting that makes connecting impossible 64.
    public var lacriptaError: LacriptaError {
        switch kind {
        case .unauthorized: .unauthorized(.streamerUnauthorized)
        case .tooManySockets, .rateLimited: .limited(userMessage)
        case .refused, .unavailableInRegion: .refused(userMessage)
        case .misconfigured: .configuration(userMessage)
        }
    }

    /// A short description without any wire text.
    public var description: String {
        switch kind {
        case .unauthorized: "PriceFeedError.unauthorized"
        case .tooManySockets: "PriceFeedError.tooManySockets"
        case .rateLimited: "PriceFeedError.rateLimited"
        case .refused: "PriceFeedError.refused"
        case .unavailableInRegion: "PriceFeedError.unavailableInRegion"
        case .misconfigured: "PriceFeedError.misconfigured"
        }
    }
}
