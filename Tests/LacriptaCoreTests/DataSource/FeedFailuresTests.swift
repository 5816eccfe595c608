import Foundation
import Testing

@testable import LacriptaCore

/// When no feed could be read, the cause decides the exit code, not the number of feeds.
@Suite("Feed failures")
struct FeedFailuresTests {
    private static let limited30 = LacriptaError.sourceRateLimited("A", retryAfter: 30, hint: "h")
    private static let limited600 = LacriptaError.sourceRateLimited("B", retryAfter: 600, hint: "h")
    private static let limitedUnsaid = LacriptaError.sourceRateLimited("C", retryAfter: nil, hint: "h")
    private static let bad = LacriptaError.unusable("C feed is not RSS or Atom")
    private static let down = LacriptaError.unavailable("D answered HTTP 503")
    private static let missing = LacriptaError.configuration("E has no feed at x (HTTP 404)")

    private func error(_ errors: [LacriptaError]) -> LacriptaError {
        FeedFailures(failures: errors.enumerated().map { ("feed\($0.offset)", $0.element) }, count: errors.count).error
    }

    @Test("one feed's failure is its own")
    func single() {
        #expect(error([Self.bad]) == Self.bad)
        #expect(error([Self.limited30]) == Self.limited30)
    }

    @Test("all rate limited: 75, retrying after the longest wait any outlet asked for")
    func allLimited() {
        let combined = error([Self.limited30, Self.limited600, Self.limitedUnsaid])
        #expect(combined.exitCode == .rateLimited)
        #expect(combined.userMessage == "all 3 news feeds are limiting requests (HTTP 429): retry in 10 minutes.")
        #expect(error([Self.limitedUnsaid, Self.limitedUnsaid]).userMessage.hasSuffix("retry in a minute."))
    }

    @Test(
        "mixed causes: rate limit, then out of reach, then bad data, then the rest",
        arguments: [
            ([limited30, bad, down], ExitCode.rateLimited), ([bad, down], .unavailable), ([missing, bad], .dataError), ([missing, missing], .usage),
        ])
    func precedence(errors: [LacriptaError], code: ExitCode) {
        #expect(error(errors).exitCode == code)
    }

    @Test("a mixed failure names the feeds that failed otherwise; a common cause other than these says how many")
    func mixedMessage() {
        #expect(
            error([Self.missing, Self.missing])
                == .configuration("none of the 2 news feeds could be read: E has no feed at x (HTTP 404)"))
        #expect(
            error([Self.bad, Self.limited30]).userMessage
                == "none of the 2 news feeds could be read (feed0 for another reason): feed1 is limiting requests (HTTP 429): retry in 30 s.")
        #expect(
            error([Self.down, Self.missing]).userMessage
                == "none of the 2 news feeds could be read (feed1 for another reason): D answered HTTP 503. Check your connection, or LACRIPTA_API_URL if you changed it, and try again."
        )
    }
}
