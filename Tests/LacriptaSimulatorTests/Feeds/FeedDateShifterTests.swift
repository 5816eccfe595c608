import Foundation
import Testing

@testable import LacriptaSimulator

@Suite("Feed dates: moved in time, spelt as before")
struct FeedDateShifterTests {
    private static let day = 86_400.0

    @Test(
        "RFC 822 dates keep their weekday, padding, seconds and zone token",
        arguments: [
            ("Thu, 16 Jul 2026 12:00:02 -0400", "Fri, 17 Jul 2026 12:00:02 -0400"),
            ("Wed, 9 Sep 2026 13:02 EST", "Thu, 10 Sep 2026 13:02 EST"),
            ("9 Sep 2026 11:45:00 +0000", "10 Sep 2026 11:45:00 +0000"),
            ("Tue, 8 Sep 2026 9:05:00 EDT", "Wed, 9 Sep 2026 9:05:00 EDT"),
            ("Tue, 22 Sep 2026 10:00:00 GMT", "Wed, 23 Sep 2026 10:00:00 GMT"),
            ("Mon, 30 Nov 2026 23:59:59 +0530", "Tue, 01 Dec 2026 23:59:59 +0530"),
        ])
    func mailDates(recorded: String, dayLater: String) throws {
        let date = try #require(MailDate(recorded))
        #expect(date.text(at: date.date) == recorded)
        #expect(date.text(at: date.date.addingTimeInterval(Self.day)) == dayLater)
    }

    @Test("An EST date means five hours west of UTC, whatever the season")
    func zoneNames() throws {
        let est = try #require(MailDate("Wed, 9 Sep 2026 13:02 EST"))
        let utc = try #require(MailDate("Wed, 09 Sep 2026 18:02:00 +0000"))
        #expect(est.date == utc.date)
    }

    @Test(
        "RFC 3339 dates keep their fraction and zone",
        arguments: [
            ("2026-09-16T09:05:00.000Z", "2026-09-17T09:05:00.000Z"), ("2026-09-15T22:40:00+02:00", "2026-09-16T22:40:00+02:00"),
            ("2026-12-31T20:00:00-04:00", "2027-01-01T20:00:00-04:00"),
        ])
    func atomDates(recorded: String, dayLater: String) throws {
        let date = try #require(AtomDate(recorded))
        #expect(date.text(at: date.date) == recorded)
        #expect(date.text(at: date.date.addingTimeInterval(Self.day)) == dayLater)
    }

    @Test("Unreadable dates are not dates", arguments: ["", "yesterday", "Thu, 16 Jul 2026", "2026-09-16", "Thu, 16 Jul 2026 12:00:02 BST"])
    func unreadable(text: String) {
        #expect(MailDate(text) == nil && AtomDate(text) == nil)
    }

    @Test("A document's dates move; everything else, odd whitespace and unreadable dates included, stays")
    func documents() throws {
        let document = """
            <rss><channel><lastBuildDate >Thu, 16 Jul 2026 16:05:14 +0000</lastBuildDate>
            <item><pubDate>
              Thu, 16 Jul 2026 12:00:02 -0400
            </pubDate><atom:updated>2023-03-13T10:12:08.991+00:00</atom:updated><updatedAt>2026</updatedAt></item>
            <item><pubDate>sometime</pubDate><dc:date/></item></channel></rss>
            """
        let moved = FeedDateShifter.shifted(document, by: Self.day)
        #expect(
            moved == """
                <rss><channel><lastBuildDate >Fri, 17 Jul 2026 16:05:14 +0000</lastBuildDate>
                <item><pubDate>
                  Fri, 17 Jul 2026 12:00:02 -0400
                </pubDate><atom:updated>2023-03-14T10:12:08.991+00:00</atom:updated><updatedAt>2026</updatedAt></item>
                <item><pubDate>sometime</pubDate><dc:date/></item></channel></rss>
                """)
        #expect(FeedDateShifter.newest(in: document) == MailDate("Thu, 16 Jul 2026 16:05:14 +0000")?.date)
        #expect(FeedDateShifter.shifted(moved, by: -Self.day) == document)
    }

    @Test("Every recorded feed has a readable newest date", arguments: SimulatedFeed.allCases)
    func recordedFeeds(feed: SimulatedFeed) throws {
        let text = String(decoding: try KeylessFixtures.recordedFeed(feed), as: UTF8.self)
        #expect(FeedDateShifter.newest(in: text) != nil)
        #expect(FeedDateShifter.shifted(text, by: 0) == text)
    }
}
