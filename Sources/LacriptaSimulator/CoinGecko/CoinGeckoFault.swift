/// A way the simulated CoinGecko misbehaves, to test the client's handling of its limits.
///
/// The command-line names (`--coingecko-fault NAME`) are the `argument` values. Every fault is
/// answered before the route, like the real service's edge does.
public enum CoinGeckoFault: Sendable, Equatable, CustomStringConvertible {
    /// `ratelimit[:SECONDS]`: HTTP 429 with the recorded JSON body and `Retry-After: SECONDS`
    /// (default 119, the value recorded).
    case rateLimited(retryAfter: Int)
    /// `ratelimit-bare`: HTTP 429 with the same body and no `Retry-After`, which the reference says
    /// clients must also expect (they then wait 60 s).
    case rateLimitedWithoutRetryAfter
    /// `cloudflare`: HTTP 403 with Cloudflare's "Access denied" HTML page: a temporary IP ban.
    case cloudflare
    /// `unavailable`: HTTP 503 with an empty body, an outage.
    case unavailable
    /// `slow:SECONDS`: the normal answer after a delay (cut short when the server stops).
    case slow(Duration)
    /// `drop`: close the connection without answering.
    case drop

    /// `Retry-After` as recorded in the 429 of nimblehq/jetpack-compose-crypto#45.
    public static let recordedRetryAfter = 119

    /// Every command-line name, for help and error messages.
    public static let argumentNames = ["ratelimit[:SECONDS]", "ratelimit-bare", "cloudflare", "unavailable", "slow:SECONDS", "drop"]

    /// Parses a command-line name; nil when unknown or its number is bad.
    public init?(argument: String) {
        let lowered = argument.lowercased()
        switch lowered {
        case "ratelimit": self = .rateLimited(retryAfter: Self.recordedRetryAfter)
        case "ratelimit-bare": self = .rateLimitedWithoutRetryAfter
        case "cloudflare": self = .cloudflare
        case "unavailable": self = .unavailable
        case "drop": self = .drop
        default:
            if let seconds = Self.number(after: "ratelimit", in: lowered), let whole = Int(exactly: seconds) {
                self = .rateLimited(retryAfter: whole)
            } else if let seconds = Self.number(after: "slow", in: lowered) {
                self = .slow(.milliseconds(Int64((seconds * 1000).rounded())))
            } else {
                return nil
            }
        }
    }

    /// The command-line name with its number spelt out.
    public var argument: String {
        switch self {
        case .rateLimited(let seconds): "ratelimit:\(seconds)"
        case .rateLimitedWithoutRetryAfter: "ratelimit-bare"
        case .cloudflare: "cloudflare"
        case .unavailable: "unavailable"
        case .drop: "drop"
        case .slow(let delay): "slow:\(delay.simulatorSeconds)"
        }
    }

    /// Same as `argument`.
    public var description: String { argument }

    /// The seconds in `name:SECONDS` (or `name=SECONDS`): finite, 0 to an hour.
    static func number(after name: String, in text: String) -> Double? {
        guard text.hasPrefix(name + ":") || text.hasPrefix(name + "=") else { return nil }
        guard let seconds = Double(text.dropFirst(name.count + 1)), seconds.isFinite, (0...3600).contains(seconds) else { return nil }
        return seconds
    }
}

extension Duration {
    /// The duration in seconds as a `Double`, as the command line spells it (`0.3`).
    var simulatorSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
