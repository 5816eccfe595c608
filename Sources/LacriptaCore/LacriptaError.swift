import Foundation

/// Every failure lacripta reports to a user: one line that says what happened and what to do, plus
/// the exit code for that class of failure.
///
/// Shaped like async-http-client's `HTTPClientError`: a struct around a private code, so new cases
/// can be added without breaking callers. Text that came from the wire is kept apart from our own
/// words and is sanitised by the renderer before it reaches a terminal.
public struct LacriptaError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case usage(String)
        case configuration(String)
        case unavailable(String, setting: String)
        case refused(String)
        case rateLimited(RateLimitInfo)
        case sourceRateLimited(source: String, retryAfter: Int?, hint: String)
        case keyRefused(String)
        case limited(String)
        case unauthorized(AuthProblem)
        case badData(source: String, endpoint: String, detail: String)
        case unreadableFile(path: String, line: Int, message: String)
        case unusable(String)
        case unknownSymbol(symbol: String, detail: String)
        case service(String)
        case io(String)
        case failed(String)
    }

    /// Which flavour of authentication failure the service reported.
    public enum AuthProblem: Sendable, Equatable {
        /// No key was sent and the service requires one (HTTP 401 since May 2026).
        case missingKey
        /// A key was sent but refused (the legacy "You need a valid auth key" body).
        case rejectedKey
        /// The streamer answered TYPE 401 (key missing or not entitled to the data).
        case streamerUnauthorized
        /// The key as configured cannot be a key (a control character or a space); `origin` names
        /// the setting that holds it.
        case malformedKey(origin: String)
    }

    /// The figures CryptoCompare returns with a rate-limit error, when it returns any.
    public struct RateLimitInfo: Sendable, Equatable {
        /// Calls made per period ("second", "minute", "hour", "day", "month").
        public var callsMade: [String: Int]
        /// Allowed calls per period.
        public var maxCalls: [String: Int]
        /// Seconds to wait, from the newer `Cooldown` field.
        public var cooldownSeconds: Int?

        /// Creates rate-limit figures.
        public init(callsMade: [String: Int] = [:], maxCalls: [String: Int] = [:], cooldownSeconds: Int? = nil) {
            self.callsMade = callsMade
            self.maxCalls = maxCalls
            self.cooldownSeconds = cooldownSeconds
        }
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    /// The command line was wrong; `message` says how.
    public static func usage(_ message: String) -> LacriptaError { LacriptaError(.usage(message)) }
    /// A setting points somewhere wrong (a path the service does not know, a CA bundle that does not
    /// load): the user's to fix, so it exits 64 and never falls back to cached data.
    public static func configuration(_ message: String) -> LacriptaError { LacriptaError(.configuration(message)) }
    /// The service could not be reached or failed; `reason` is our own words, `setting` the one that
    /// points at the service (named in the advice).
    public static func unavailable(_ reason: String, setting: String = EnvironmentKey.apiURL.rawValue) -> LacriptaError {
        LacriptaError(.unavailable(reason, setting: setting))
    }
    /// A server that answers, but keeps failing the same way (the streamer's handshake): 69, with
    /// `message` as the whole line, since "check your connection" would be wrong advice.
    public static func refused(_ message: String) -> LacriptaError { LacriptaError(.refused(message)) }
    /// The rate limit is used up.
    public static func rateLimited(_ info: RateLimitInfo) -> LacriptaError { LacriptaError(.rateLimited(info)) }
    /// A keyless source's rate limit (HTTP 429): `retryAfter` seconds when the service said, and
    /// `hint` on how to get more room.
    public static func sourceRateLimited(_ source: String, retryAfter: Int?, hint: String) -> LacriptaError {
        LacriptaError(.sourceRateLimited(source: source, retryAfter: retryAfter, hint: hint))
    }
    /// A source other than CryptoCompare refused a key or needs one; `message` is the whole line.
    public static func keyRefused(_ message: String) -> LacriptaError { LacriptaError(.keyRefused(message)) }
    /// Any other failure, in our own words; `message` is the whole line.
    public static func failed(_ message: String) -> LacriptaError { LacriptaError(.failed(message)) }
    /// A service limit other than the REST call quota (streamer sockets); `message` says what to do.
    public static func limited(_ message: String) -> LacriptaError { LacriptaError(.limited(message)) }
    /// The key is missing or refused.
    public static func unauthorized(_ problem: AuthProblem) -> LacriptaError { LacriptaError(.unauthorized(problem)) }
    /// A response could not be decoded: which source, which endpoint and which field.
    public static func badData(endpoint: String, detail: String, source: String = "CryptoCompare") -> LacriptaError {
        LacriptaError(.badData(source: source, endpoint: endpoint, detail: detail))
    }
    /// A file of the user's (the store) that lacripta cannot parse: which line and why. The file is
    /// never overwritten in this state, so nothing the user wrote is lost.
    public static func unreadableFile(_ path: String, line: Int, _ message: String) -> LacriptaError {
        LacriptaError(.unreadableFile(path: path, line: line, message: message))
    }
    /// Data lacripta will not use as it stands (a store file that is a FIFO or too large, a news
    /// feed that is not a readable feed): 65, with `message` as the whole line, naming what it is.
    public static func unusable(_ message: String) -> LacriptaError { LacriptaError(.unusable(message)) }
    /// The service does not know a coin or pair the user asked for.
    public static func unknownSymbol(_ symbol: String, detail: String) -> LacriptaError {
        LacriptaError(.unknownSymbol(symbol: symbol, detail: detail))
    }
    /// Any other error the service reported, with its message.
    public static func service(_ message: String) -> LacriptaError { LacriptaError(.service(message)) }
    /// A local file or I/O problem.
    public static func io(_ message: String) -> LacriptaError { LacriptaError(.io(message)) }

    /// The sysexits code for this failure.
    public var exitCode: ExitCode {
        switch code {
        case .usage, .configuration: .usage
        case .unavailable, .refused: .unavailable
        case .rateLimited, .limited, .sourceRateLimited: .rateLimited
        case .unauthorized, .keyRefused: .authentication
        case .badData, .unknownSymbol, .unreadableFile, .unusable: .dataError
        case .service, .io, .failed: .failure
        }
    }

    /// Whether this is a usage error (the CLI then also prints the usage line).
    public var isUsage: Bool {
        if case .usage = code { return true }
        return false
    }

    /// The coin or pair (`SOL-USD`) the service did not know, for an unknown-symbol error.
    public var unknownSymbol: String? {
        if case .unknownSymbol(let symbol, _) = code { return symbol }
        return nil
    }

    /// The seconds a rate limit asks to wait, when the service said (`Retry-After`, `Cooldown`).
    public var retryAfterSeconds: Int? {
        switch code {
        case .sourceRateLimited(_, let retryAfter, _): retryAfter
        case .rateLimited(let info): info.cooldownSeconds
        default: nil
        }
    }

    /// Whether cached data may stand in for a fresh answer (only when the service is out of reach).
    public var allowsOfflineFallback: Bool {
        if case .unavailable = code { return true }
        return false
    }

    /// One line for the user: what happened, then what to do about it.
    public var userMessage: String {
        switch code {
        case .usage(let message), .configuration(let message), .refused(let message):
            return message
        case .unavailable(let reason, let setting):
            return "\(reason). Check your connection, or \(setting) if you changed it, and try again."
        case .rateLimited(let info):
            return Self.rateLimitMessage(info)
        case .sourceRateLimited(let source, let retryAfter, let hint):
            let wait = retryAfter.map { $0 == 0 ? "retry now" : Self.retry(after: $0) } ?? "retry in a minute"
            return "\(source) rate limit reached: \(wait); \(hint)."
        case .keyRefused(let message), .failed(let message), .unusable(let message):
            return message
        case .limited(let message):
            return message
        case .unauthorized(let problem):
            let how = "set CRYPTOCOMPARE_API_KEY or add `api_key = KEY` to ~/.config/lacripta/config"
            // Since May 2026 there are no free CryptoCompare keys; the public sources need none.
            let keyless = "or use --source public (CoinGecko and news feeds), which needs no key"
            switch problem {
            case .missingKey: return "CryptoCompare needs a paid API key: \(how), \(keyless)."
            case .rejectedKey: return "CryptoCompare refused the API key: check it, then \(how); \(keyless)."
            case .streamerUnauthorized:
                return "The CryptoCompare streamer refused the connection (missing key or no access): \(how)."
            case .malformedKey(let origin):
                return "\(origin) is not a valid API key (it holds a control character, a space or a non-ASCII character): copy the key again."
            }
        case .badData(let source, let endpoint, let detail):
            return "\(source) sent data lacripta cannot read (\(endpoint): \(detail)). Try again later; if it persists, report it."
        case .unreadableFile(let path, let line, let message):
            return "\(path), line \(line): \(message). lacripta left the file as it is: fix or remove that line."
        case .unknownSymbol(let symbol, let detail):
            return detail.isEmpty ? "Unknown coin or pair: \(symbol)." : "Unknown coin or pair \(symbol): \(detail)."
        case .service(let message):
            return "CryptoCompare reported an error: \(message)"
        case .io(let message):
            return message
        }
    }

    /// The same as `userMessage`.
    public var description: String { userMessage }

    private static func rateLimitMessage(_ info: RateLimitInfo) -> String {
        var parts = ["CryptoCompare rate limit reached"]
        let periods = ["second", "minute", "hour", "day", "month"]
        // Name the period that is exhausted, since that says how long to wait.
        let exhausted = periods.first { period in
            guard let made = info.callsMade[period], let max = info.maxCalls[period] else { return false }
            return made >= max
        }
        if let period = exhausted, let made = info.callsMade[period], let max = info.maxCalls[period] {
            parts.append("(\(made)/\(max) calls this \(period))")
        }
        var advice: String
        if let cooldown = info.cooldownSeconds, cooldown > 0 {
            advice = Self.retry(after: cooldown)
        } else if let period = exhausted {
            advice = period == "month" ? "retry next month or upgrade the key" : "retry in a \(period)"
        } else {
            advice = "retry in a minute"
        }
        advice += "; a keyed account gets higher limits."
        return parts.joined(separator: " ") + ": " + advice
    }

    /// The longest wait worth naming: a service that asks for more than this gave no usable time
    /// (a cooldown of 153722867280912931 s, five billion years, was seen), and "retry later" is
    /// the honest advice.
    static let longestNamedWait = 60 * 86_400

    /// "retry in 45 s", "in 3 minutes", "in 5 hours", "in 12 days"; "retry later" with why past
    /// `longestNamedWait`. Each unit rounded up.
    static func retry(after seconds: Int) -> String {
        guard seconds <= longestNamedWait else { return "retry later (the service gave no usable time to wait)" }
        return "retry in \(duration(seconds))"
    }

    /// "45 s", "1 minute", "3 minutes", "5 hours", "12 days": in the largest unit that still
    /// reads as a figure (minutes below two hours, hours below two days), rounded up. Rounded up
    /// by adding one for a remainder rather than `(seconds + 59) / 60`, which overflows (and traps)
    /// near `Int.max`: the figure comes from the server.
    static func duration(_ seconds: Int) -> String {
        func rounded(_ unit: Int) -> Int { seconds / unit + (seconds % unit == 0 ? 0 : 1) }
        func named(_ count: Int, _ unit: String) -> String { count == 1 ? "1 \(unit)" : "\(count) \(unit)s" }
        if seconds < 60 { return "\(seconds) s" }
        if seconds < 2 * 3_600 { return named(rounded(60), "minute") }
        if seconds < 2 * 86_400 { return named(rounded(3_600), "hour") }
        return named(rounded(86_400), "day")
    }
}
