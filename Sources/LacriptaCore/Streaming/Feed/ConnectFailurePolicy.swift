import LacriptaWebSocket

/// Decides what a failed connect means for the feed: retry (the network's troubles pass), wait as
/// for a rate limit, or stop (retrying cannot help). A pure value: the feed's loop asks it and acts.
///
/// Without it every failure was retried for ever, so `live BTC --count 1` in a script hung on a
/// refused key or a server that does not speak WebSocket. Now:
/// - 401 or 403 on the upgrade stops at once: the key is missing or refused.
/// - 451 on the upgrade stops at once: the server refuses the user's region (Binance from the
///   United States), which no retry changes.
/// - 429 on the upgrade is a refusal like the in-band 429 (the feed waits at least
///   `rateLimitDelay` and gives up after `rateLimitRetries`).
/// - A local problem (the URL, a header, the CA bundle, no TLS in this build) stops at once.
/// - A protocol failure (a bad handshake, an oversized head, another 4xx, a certificate the host
///   cannot have) is retried, in case a proxy hiccupped, but the same failure `repeatLimit` times
///   in a row stops the feed.
/// - Everything else (refused, unreachable, timed out, 5xx) is retried for as long as it lasts.
struct ConnectFailurePolicy: Sendable {
    /// What to do about one failed connect.
    enum Verdict: Sendable, Equatable {
        /// Back off and try again.
        case retry
        /// Treat as a 429 refusal.
        case rateLimited
        /// Stop the feed with this error.
        case stop(PriceFeedError)
    }

    /// How many identical protocol failures in a row end the feed.
    let repeatLimit: Int
    private var lastFailure: WebSocketError?
    private var repeats = 0

    /// Creates a policy that gives up after `repeatLimit` identical protocol failures.
    init(repeatLimit: Int) {
        self.repeatLimit = max(1, repeatLimit)
    }

    /// The verdict on `error`, thrown by a connect attempt.
    mutating func verdict(for error: any Error) -> Verdict {
        guard let failure = error as? WebSocketError else { return forgetting(.retry) }
        switch failure.kind {
        case .upgradeRejected where failure.httpStatus == 401 || failure.httpStatus == 403:
            return .stop(PriceFeedError(kind: .unauthorized))
        case .upgradeRejected where failure.httpStatus == 451:
            return .stop(PriceFeedError(kind: .unavailableInRegion))
        case .upgradeRejected where failure.httpStatus == 429:
            return forgetting(.rateLimited)
        case .invalidURL, .invalidHeader, .caFileUnreadable, .tlsUnavailable:
            return .stop(PriceFeedError(kind: .misconfigured(failure.userMessage)))
        case .upgradeRejected where (400..<500).contains(failure.httpStatus ?? 0) && failure.httpStatus != 408:
            return counting(failure)
        case .invalidHandshake, .tlsUntrustedCertificate, .tlsHostnameMismatch, .tlsCertificateExpired:
            return counting(failure)
        default:
            return forgetting(.retry)
        }
    }

    /// Forgets the run of failures: a connection opened.
    mutating func connected() {
        lastFailure = nil
        repeats = 0
    }

    private mutating func counting(_ failure: WebSocketError) -> Verdict {
        repeats = failure == lastFailure ? repeats + 1 : 1
        lastFailure = failure
        guard repeats >= repeatLimit else { return .retry }
        return .stop(PriceFeedError(kind: .refused(failure.userMessage, attempts: repeats)))
    }

    private mutating func forgetting(_ verdict: Verdict) -> Verdict {
        connected()
        return verdict
    }
}
