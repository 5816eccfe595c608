/// The one failure `news` reports when no feed could be read: its exit code follows the cause,
/// not the number of feeds.
///
/// When every feed failed the same way, that is the answer: all rate limited is 75 (retry after
/// the longest wait any outlet asked for), all sending documents that are not readable feeds is
/// 65, all out of reach 69. When the causes differ, the most temporary one decides, since it says
/// whether running again later can succeed: any rate limit makes 75, else anything out of reach
/// 69, else bad data 65, else the first failure's own code.
struct FeedFailures {
    /// Each failed feed's name and error, in the order the feeds were configured.
    var failures: [(outlet: String, error: LacriptaError)]
    /// How many feeds were asked.
    var count: Int

    /// The failure to report.
    var error: LacriptaError {
        if failures.count == 1, let only = failures.first { return only.error }
        let codes = failures.map(\.error.exitCode)
        let decisive = Self.precedence.first(where: codes.contains) ?? codes.first ?? .unavailable
        let uniform = Set(codes).count == 1
        let setting = EnvironmentKey.newsFeeds.rawValue
        switch decisive {
        case .rateLimited:
            let waits = failures.filter { $0.error.exitCode == .rateLimited }.compactMap(\.error.retryAfterSeconds)
            let wait = waits.max().map { $0 == 0 ? "retry now" : LacriptaError.retry(after: $0) } ?? "retry in a minute"
            if uniform { return .limited("all \(count) news feeds are limiting requests (HTTP 429): \(wait).") }
            return .limited(
                "none of the \(count) news feeds could be read\(others): \(names(.rateLimited)) \(verb(.rateLimited)) limiting requests (HTTP 429): \(wait)."
            )
        case .unavailable where uniform:
            return .unavailable("none of the \(count) news feeds answered", setting: setting)
        case .dataError where uniform:
            return .unusable(
                "none of the \(count) news feeds sent a feed lacripta can read (\(names(.dataError))); try again later, or check \(setting)")
        default:
            let first = failures.first { $0.error.exitCode == decisive }?.error ?? .unavailable("no news feed answered")
            // The decisive feed's line, after the feeds that failed otherwise, in one line.
            return Self.error(code: decisive, message: "none of the \(count) news feeds could be read\(others): \(first.userMessage)")
        }
    }

    /// The order in which causes decide, most temporary first.
    private static let precedence: [ExitCode] = [.rateLimited, .unavailable, .dataError, .authentication, .usage, .failure]

    /// "CoinDesk and Decrypt" for the feeds that failed with `code`.
    private func names(_ code: ExitCode) -> String {
        let matching = failures.filter { $0.error.exitCode == code }.map(\.outlet)
        guard matching.count > 1, let last = matching.last else { return matching.first ?? "" }
        return matching.dropLast().joined(separator: ", ") + " and " + last
    }

    private func verb(_ code: ExitCode) -> String {
        failures.filter { $0.error.exitCode == code }.count == 1 ? "is" : "are"
    }

    /// " (The Block for another reason)", naming the feeds whose cause did not decide.
    private var others: String {
        let codes = Set(failures.map(\.error.exitCode))
        guard codes.count > 1, let decisive = Self.precedence.first(where: codes.contains) else { return "" }
        let rest = failures.filter { $0.error.exitCode != decisive }.map(\.outlet)
        return " (\(rest.joined(separator: ", ")) for another reason)"
    }

    /// An error with `message` as its whole line and `code` as its exit code.
    private static func error(code: ExitCode, message: String) -> LacriptaError {
        switch code {
        case .rateLimited: .limited(message)
        case .unavailable: .refused(message)
        case .dataError: .unusable(message)
        case .authentication: .keyRefused(message)
        case .usage: .configuration(message)
        default: .failed(message)
        }
    }
}
