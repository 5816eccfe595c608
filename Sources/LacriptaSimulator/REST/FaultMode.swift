/// A way the simulated service misbehaves, to test the client's error handling.
///
/// The command-line names (`--fault NAME`) are the `argument` values; `slow` takes seconds as
/// `slow:2.5` (or `slow=2.5`; plain `slow` means 5 seconds).
public enum FaultMode: Sendable, Equatable, CustomStringConvertible {
    /// `ratelimit`: the classic rate-limit error (`Type` 99, `calls_made`/`max_calls`), HTTP 200.
    case rateLimit
    /// `ratelimit-cooldown`: the newer rate-limit error with `"Cooldown":406`, HTTP 200.
    case rateLimitCooldown
    /// `auth401`: the 2026 "API key required" body with HTTP 401.
    case auth401
    /// `auth-legacy`: "You need a valid auth key or api key…", HTTP 200.
    case authLegacy
    /// `http500`: a server failure; answered as HTTP 503 with a short text body, like a
    /// load balancer in front of a dead backend.
    case http500
    /// `html`: HTTP 200 with an HTML page (`text/html`) instead of JSON.
    case html
    /// `garbage`: HTTP 200, JSON content type, a body that is not JSON.
    case garbage
    /// `truncated`: the normal JSON cut in half, with a `Content-Length` that matches the cut.
    case truncatedJSON
    /// `truncated-transfer`: the normal answer announces its full length, then the connection
    /// closes halfway through the body.
    case truncatedTransfer
    /// `slow:SECONDS`: the normal answer after a delay (cut short when the server stops).
    case slow(Duration)
    /// `drop`: close the connection without answering.
    case drop

    /// Every command-line name, for help and error messages.
    public static let argumentNames = [
        "ratelimit", "ratelimit-cooldown", "auth401", "auth-legacy", "http500", "html", "garbage",
        "truncated", "truncated-transfer", "slow[:SECONDS]", "drop",
    ]

    /// The delay `slow` uses without an explicit number of seconds.
    public static let defaultSlowDelay = Duration.seconds(5)

    /// Parses a command-line name; `nil` when unknown or when `slow` has a bad number.
    public init?(argument: String) {
        let lowered = argument.lowercased()
        switch lowered {
        case "ratelimit": self = .rateLimit
        case "ratelimit-cooldown": self = .rateLimitCooldown
        case "auth401": self = .auth401
        case "auth-legacy": self = .authLegacy
        case "http500": self = .http500
        case "html": self = .html
        case "garbage": self = .garbage
        case "truncated": self = .truncatedJSON
        case "truncated-transfer": self = .truncatedTransfer
        case "drop": self = .drop
        case "slow": self = .slow(Self.defaultSlowDelay)
        default:
            guard lowered.hasPrefix("slow:") || lowered.hasPrefix("slow=") else { return nil }
            guard let seconds = Double(lowered.dropFirst(5)), seconds.isFinite, seconds >= 0, seconds <= 3600 else {
                return nil
            }
            self = .slow(.milliseconds(Int64((seconds * 1000).rounded())))
        }
    }

    /// The command-line name (`slow:SECONDS` spelled out).
    public var argument: String {
        switch self {
        case .rateLimit: return "ratelimit"
        case .rateLimitCooldown: return "ratelimit-cooldown"
        case .auth401: return "auth401"
        case .authLegacy: return "auth-legacy"
        case .http500: return "http500"
        case .html: return "html"
        case .garbage: return "garbage"
        case .truncatedJSON: return "truncated"
        case .truncatedTransfer: return "truncated-transfer"
        case .drop: return "drop"
        case .slow(let delay):
            let (seconds, attoseconds) = delay.components
            return "slow:\(Double(seconds) + Double(attoseconds) / 1e18)"
        }
    }

    /// Same as `argument`.
    public var description: String { argument }
}
