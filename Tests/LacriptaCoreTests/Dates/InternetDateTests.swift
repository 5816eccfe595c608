import Foundation
import Testing

@testable import LacriptaCore

/// Every date variant the keyless sources send (reference §2.0, §4.2, §1.5) and the ones RFC 822
/// and RFC 3339 allow, each against the exact instant it means.
@Suite("Internet dates")
struct InternetDateTests {
    /// 2026-07-16T16:00:02Z, the instant of The Block's `Thu, 16 Jul 2026 12:00:02 -0400`.
    private static let theBlock = Date(timeIntervalSince1970: 1_784_217_602)

    @Test(
        "RFC 822 as feeds write it",
        arguments: [
            ("Thu, 16 Jul 2026 12:00:02 -0400", theBlock),  // The Block
            ("Thu, 16 Jul 2026 16:00:02 +0000", theBlock),  // CoinDesk, Cointelegraph, Decrypt
            ("Thu, 16 Jul 2026 16:00:02 GMT", theBlock),  // Google News
            ("Thu, 16 Jul 2026 16:00:02 UT", theBlock),
            ("Thu, 16 Jul 2026 16:00:02 UTC", theBlock),
            ("Thu, 16 Jul 2026 16:00:02 Z", theBlock),
            ("Thu, 16 Jul 2026 12:00:02 EDT", theBlock),
            ("Thu, 16 Jul 2026 11:00:02 EST", theBlock),
            ("Thu, 16 Jul 2026 11:00:02 CDT", theBlock),
            ("Thu, 16 Jul 2026 09:00:02 PDT", theBlock),
            ("Thu, 16 Jul 2026 08:00:02 PST", theBlock),
            ("Thu, 16 Jul 2026 10:00:02 MDT", theBlock),
            ("Thu, 16 Jul 2026 18:00:02 CEST", theBlock),
            ("Fri, 17 Jul 2026 01:00:02 JST", theBlock),
            ("Thu, 16 Jul 2026 21:30:02 +0530", theBlock),
            ("Thu, 16 Jul 2026 12:00:02 -04:00", theBlock),  // colon in the offset
            ("Thu, 16 Jul 2026 12:00:02 -04", theBlock),  // hours only
            ("16 Jul 2026 12:00:02 -0400", theBlock),  // no weekday
            ("Thu 16 Jul 2026 12:00:02 -0400", theBlock),  // weekday without comma
            ("Thursday, 16 Jul 2026 12:00:02 -0400", theBlock),  // weekday spelt out
            ("Mon, 16 Jul 2026 12:00:02 -0400", theBlock),  // wrong weekday: the date wins
            ("Thu,16 Jul 2026 12:00:02 -0400", theBlock),  // no space after the comma
            ("  Thu,   16  Jul\t2026   12:00:02   -0400  ", theBlock),  // extra spaces and a tab
            ("\n        Thu, 16 Jul 2026 12:00:02 -0400\n    ", theBlock),  // indented element text
            ("Thu, 16 July 2026 12:00:02 -0400", theBlock),  // full month name
            ("Thu, 16 jul 2026 12:00:02 -0400", theBlock),  // month in lower case
            ("Thu, 16 JUL 2026 12:00:02 -0400", theBlock),
            ("Thu, Jul 16 2026 12:00:02 -0400", theBlock),  // month first
            ("Thu, 16 Jul 26 12:00:02 -0400", theBlock),  // two-digit year
            ("Thu, 16 Jul 2026 16:00:02 +0000 (UTC)", theBlock),  // trailing comment
            ("Thu, 16 Jul 2026 16:00:02", theBlock),  // no zone: UTC
            ("Thu, 16 Jul 2026 16:00:02.000 +0000", theBlock),  // fractional seconds
        ])
    func rfc822(text: String, expected: Date) {
        #expect(InternetDate.rfc822(text) == expected)
    }

    @Test("RFC 822 without seconds, with a single-digit day or hour, and old dates")
    func rfc822Shortened() {
        #expect(InternetDate.rfc822("Thu, 16 Jul 2026 12:00 -0400") == Date(timeIntervalSince1970: 1_784_217_600))
        #expect(InternetDate.rfc822("Wed, 2 Sep 2026 9:05:00 GMT") == Date(timeIntervalSince1970: 1_788_339_900))
        #expect(InternetDate.rfc822("Mon, 01 Jan 2024 00:00:00 +0000") == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(InternetDate.rfc822("Fri, 31 Dec 1999 23:59:59 GMT") == Date(timeIntervalSince1970: 946_684_799))
        #expect(InternetDate.rfc822("Thu, 01 Jan 70 00:00:00 GMT") == Date(timeIntervalSince1970: 0))  // 70 is 1970
        #expect(InternetDate.rfc822("Sat, 29 Feb 2028 12:00:00 GMT") == Date(timeIntervalSince1970: 1_835_438_400))  // leap day
    }

    @Test(
        "RFC 822 that means nothing, or something impossible, is nil",
        arguments: [
            "", "   ", "yesterday", "Thu, 16 Jul 2026", "16 Jul 2026 12:00:02 +0000 extra", "Thu, 32 Jul 2026 12:00:02 GMT",
            "Thu, 29 Feb 2026 12:00:02 GMT", "Thu, 16 Foo 2026 12:00:02 GMT", "Thu, 16 Jul 2026 24:00:02 GMT",
            "Thu, 16 Jul 2026 12:60:02 GMT", "Thu, 16 Jul 2026 12:00:02 BST", "Thu, 16 Jul 2026 12:00:02 +2500",
            "Thu, 16 Jul 2026 12:0:02 GMT", "2026-07-16T16:00:02Z",
        ])
    func rfc822Rejects(text: String) {
        #expect(InternetDate.rfc822(text) == nil)
    }

    @Test(
        "RFC 3339 with and without fractions, Z or offsets",
        arguments: [
            ("2026-07-16T16:00:02Z", 1_784_217_602.0),
            ("2026-07-16T16:00:02z", 1_784_217_602.0),
            ("2026-07-16t16:00:02Z", 1_784_217_602.0),
            ("2026-07-16 16:00:02Z", 1_784_217_602.0),
            ("2026-07-16T12:00:02-04:00", 1_784_217_602.0),
            ("2026-07-16T12:00:02-0400", 1_784_217_602.0),
            ("2026-07-16T18:00:02+02", 1_784_217_602.0),
            ("2026-07-16T16:00:02", 1_784_217_602.0),  // no offset: UTC
            ("2026-07-16T16:00Z", 1_784_217_600.0),  // no seconds
            ("  2026-07-16T16:00:02Z\n", 1_784_217_602.0),  // indented Atom text
            ("2026-04-27T02:36:54.270Z", 1_777_257_414.27),  // CoinGecko last_updated
            ("2023-03-13T10:12:08.991+00:00", 1_678_702_328.991),  // CoinDesk atom:updated
            ("2024-03-30T07:22:29.427+00:00", 1_711_783_349.427),  // CoinGecko error timestamp
            ("2026-07-16T16:00:02.123456789Z", 1_784_217_602.123456),  // digits past the sixth ignored
            ("2026-07-16T16:00:02,5Z", 1_784_217_602.5),  // ISO 8601 decimal comma
            ("2015-07-30", 1_438_214_400.0),  // CoinGecko genesis_date: midnight UTC
            ("1969-12-31T23:59:59Z", -1.0),
        ])
    func rfc3339(text: String, seconds: Double) {
        #expect(InternetDate.rfc3339(text) == Date(timeIntervalSince1970: seconds))
    }

    @Test("milliseconds land on the Double nearest the written instant")
    func exactMilliseconds() throws {
        let date = try #require(InternetDate.rfc3339("2025-10-06T18:57:42.558Z"))
        #expect(date.timeIntervalSince1970 == 1_759_777_062.558)
    }

    @Test(
        "RFC 3339 that is malformed or impossible is nil",
        arguments: [
            "", "2026-07-16T", "2026-7-16T16:00:02Z", "2026-07-16T16:00:02.Z", "2026-07-16T16:00:02Zjunk", "2026-13-01T00:00:00Z",
            "2026-02-30T00:00:00Z", "2026-07-16T25:00:00Z", "2026-07-16T16:00:02+24:00", "Thu, 16 Jul 2026 16:00:02 GMT", "0000-01-01",
        ])
    func rfc3339Rejects(text: String) {
        #expect(InternetDate.rfc3339(text) == nil)
    }

    @Test("parse tries RFC 822, then RFC 3339")
    func either() {
        #expect(InternetDate.parse("Thu, 16 Jul 2026 12:00:02 -0400") == Self.theBlock)
        #expect(InternetDate.parse("2026-07-16T16:00:02Z") == Self.theBlock)
        #expect(InternetDate.parse("soon") == nil)
    }

    @Test("days from civil agrees with the epoch and leap years")
    func civil() {
        #expect(CivilTime.daysFromCivil(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilTime.daysFromCivil(year: 2000, month: 3, day: 1) == 11_017)
        #expect(CivilTime.daysFromCivil(year: 1969, month: 12, day: 31) == -1)
        #expect(CivilTime.daysIn(month: 2, year: 2100) == 28)
        #expect(CivilTime.daysIn(month: 2, year: 2000) == 29)
        for (year, month, day) in [(1970, 1, 1), (1969, 12, 31), (2000, 2, 29), (2100, 3, 1), (1900, 1, 1), (9999, 12, 31)] {
            let days = CivilTime.daysFromCivil(year: year, month: month, day: day)
            let civil = CivilTime.civil(daysSince1970: days)
            #expect(civil.year == year && civil.month == month && civil.day == day, "\(year)-\(month)-\(day)")
        }
    }
}
