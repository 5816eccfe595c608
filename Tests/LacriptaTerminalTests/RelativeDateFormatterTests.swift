import Foundation
import LacriptaTerminal
import Testing

@Suite struct RelativeDateFormatterTests {
    /// 2023-02-10 12:00:00 UTC.
    private let now = Date(timeIntervalSince1970: 1_676_030_400)
    private var formatter: RelativeDateFormatter { RelativeDateFormatter(now: now) }

    private func text(secondsAgo: TimeInterval) -> String {
        formatter.string(for: now.addingTimeInterval(-secondsAgo))
    }

    /// (seconds ago, expected text); typed up front so the compiler need not infer it.
    private static let boundaryCases: [(TimeInterval, String)] = [
        (0, "just now"), (44.999, "just now"), (-60, "just now"), (-300, "just now"),
        (45, "1 minute ago"), (119.9, "1 minute ago"), (120, "2 minutes ago"), (300, "5 minutes ago"),
        (3_599.9, "59 minutes ago"), (3_600, "1 hour ago"), (7_199, "1 hour ago"), (7_200, "2 hours ago"),
        (86_399.9, "23 hours ago"), (86_400, "yesterday"), (172_799.9, "yesterday"), (172_800, "2 days ago"),
        (259_200, "3 days ago"), (2_419_199, "27 days ago"), (2_419_200, "2023-01-13"),
        (31_536_000, "2022-02-10"),
    ]

    @Test(arguments: boundaryCases)
    func boundaries(secondsAgo: TimeInterval, expected: String) {
        #expect(text(secondsAgo: secondsAgo) == expected)
    }

    @Test func farFutureShowsTheDate() {
        #expect(text(secondsAgo: -300.001) == "2023-02-10")
        #expect(text(secondsAgo: -3 * 86_400) == "2023-02-13")
    }

    @Test func nonFiniteDatesAreADash() {
        #expect(formatter.string(for: Date(timeIntervalSince1970: .nan)) == "—")
        #expect(formatter.string(for: Date(timeIntervalSince1970: .infinity)) == "—")
    }
}

@Suite struct UTCDateFormatterTests {
    @Test(arguments: [
        (1_675_863_600 as TimeInterval, "2023-02-08", "2023-02-08 13:40 UTC", "13:40:00"),
        (0, "1970-01-01", "1970-01-01 00:00 UTC", "00:00:00"),
        (-1, "1969-12-31", "1969-12-31 23:59 UTC", "23:59:59"),
        (951_782_400, "2000-02-29", "2000-02-29 00:00 UTC", "00:00:00"),  // leap day in a 400-year leap year
        (4_107_542_399, "2100-02-28", "2100-02-28 23:59 UTC", "23:59:59"),  // 2100 is not a leap year
        (4_107_542_400, "2100-03-01", "2100-03-01 00:00 UTC", "00:00:00"),
        (1_709_251_199.999, "2024-02-29", "2024-02-29 23:59 UTC", "23:59:59"),  // fractions round down
        (-62_135_596_800, "0001-01-01", "0001-01-01 00:00 UTC", "00:00:00"),
    ])
    func formatsInUTC(seconds: TimeInterval, date: String, dateTime: String, time: String) {
        let instant = Date(timeIntervalSince1970: seconds)
        #expect(UTCDateFormatter.date(instant) == date)
        #expect(UTCDateFormatter.dateTime(instant) == dateTime)
        #expect(UTCDateFormatter.time(instant) == time)
    }

    @Test func outOfRangeIsADash() {
        #expect(UTCDateFormatter.dateTime(Date(timeIntervalSince1970: 1e300)) == "—")
        #expect(UTCDateFormatter.date(Date(timeIntervalSince1970: -.infinity)) == "—")
    }
}
