import Foundation
import Testing

@testable import LacriptaCore

/// Hostile and broken documents: entity attacks, size, wrong content, malformed and truncated XML.
@Suite("Feed reader: safety")
struct FeedSafetyTests {
    /// The classic "billion laughs": ten levels of ten references, 10^9 "lol"s (3 GB) once expanded.
    private static let billionLaughs: String = {
        var document = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        document += " <!ENTITY lol1 \"" + String(repeating: "&lol;", count: 10) + "\">\n"
        for level in 2...9 {
            document += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        return document + "]>\n<rss><channel><item><title>&lol9;</title></item></channel></rss>\n"
    }()

    @Test("a billion-laughs document is refused with our error before the parser can expand anything")
    func billionLaughs() {
        #expect(FeedFixtures.error(reading: Data(Self.billionLaughs.utf8)) == FeedError(feed: "The Block", reason: .declaresEntities))
    }

    @Test("the same attack behind comments, a processing instruction and an odd-case DOCTYPE is refused too")
    func disguisedDoctype() {
        let disguised = "\u{FEFF}<!-- hi --><?xml-stylesheet href=\"a\"?>\n<!doctype lolz SYSTEM \"x[.dtd\" [<!ENTITY a \"b\">]><rss/>"
        #expect(FeedFixtures.error(reading: Data(disguised.utf8))?.reason == .declaresEntities)
    }

    @Test("an external entity (XXE) is refused, and an external DTD is never loaded")
    func externalEntities() throws {
        let xxe =
            #"<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss><channel><item><title>&xxe;</title></item></channel></rss>"#
        #expect(FeedFixtures.error(reading: Data(xxe.utf8))?.reason == .declaresEntities)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-dtd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let dtd = directory.appendingPathComponent("secret.dtd")
        try Data(#"<!ENTITY secret "TOPSECRET">"#.utf8).write(to: dtd)
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE rss SYSTEM "\(dtd.absoluteString)">
            <rss><channel><item><title>before</title></item><item><title>&secret;</title></item></channel></rss>
            """
        let result = Result { () throws(FeedError) in try FeedFixtures.read(xml: document) }
        let titles = (try? result.get())?.articles.map(\.title) ?? []
        #expect(!titles.contains { $0.contains("TOPSECRET") })
    }

    @Test("a body over the size cap is refused unread, at exactly one byte over")
    func oversized() {
        let limit = FeedLimits.standard.maximumBytes
        #expect(limit == 8 * 1024 * 1024)
        #expect(
            FeedFixtures.error(reading: Data(count: limit + 1)) == FeedError(feed: "The Block", reason: .tooLarge(bytes: limit + 1, limit: limit)))
        let small = FeedLimits(maximumBytes: 100, maximumTextBytes: 100)
        let feed = Data(#"<rss><channel><item><title>ok</title></item></channel></rss>"#.utf8)
        #expect(FeedFixtures.error(reading: feed, limits: small) == nil)
        #expect(
            FeedFixtures.error(reading: feed + Data(repeating: 0x20, count: 101 - feed.count), limits: small)?.reason
                == .tooLarge(bytes: 101, limit: 100))
    }

    @Test("more character data than the text limit stops the parser")
    func textLimit() throws {
        let data = try RecordedFixture.data("feed-theblock.xml")
        let tight = FeedLimits(maximumBytes: 1 << 20, maximumTextBytes: 200)
        #expect(FeedFixtures.error(reading: data, limits: tight) == FeedError(feed: "The Block", reason: .textLimitExceeded(limit: 200)))
        #expect(FeedFixtures.error(reading: data, limits: FeedLimits(maximumBytes: 1 << 20, maximumTextBytes: data.count)) == nil)
    }

    @Test(
        "web pages, JSON, plain text, empty bodies and UTF-16 are not parsed as feeds",
        arguments: [
            ("<!DOCTYPE html>\n<html lang=\"en\"><head><title>Moved</title></head><body>gone</body></html>", FeedError.Reason.notAFeed(html: true)),
            ("<HTML><BODY>Access denied</BODY></HTML>", .notAFeed(html: true)),
            (#"{"articles":[]}"#, .notAFeed(html: false)),
            ("down", .notAFeed(html: false)),
            ("<?xml version=\"1.0\"?><opml version=\"2.0\"/>", .notAFeed(html: false)),
            ("", .empty),
            ("  \n\t ", .empty),
            ("<?xml version=\"1.0\"?>\n", .notAFeed(html: false)),
        ])
    func notFeeds(body: String, reason: FeedError.Reason) {
        #expect(FeedFixtures.error(reading: Data(body.utf8))?.reason == reason)
    }

    @Test("UTF-16 with or without a byte order mark is refused")
    func utf16() throws {
        let text = "<rss><channel></channel></rss>"
        let withBOM = try #require(text.data(using: .utf16))
        let bigEndian = try #require(text.data(using: .utf16BigEndian))
        #expect(FeedFixtures.error(reading: withBOM)?.reason == .unsupportedEncoding)
        #expect(FeedFixtures.error(reading: bigEndian)?.reason == .unsupportedEncoding)
    }

    @Test("malformed XML is an error naming the feed and the place, never a crash")
    func malformed() throws {
        let mismatch = try #require(FeedFixtures.error(reading: Data("<rss>\n<channel>\n<title>x</channel></rss>".utf8)))
        guard case .malformed(let line, _, let code) = mismatch.reason else {
            Issue.record("expected malformed, got \(mismatch)")
            return
        }
        #expect(line == 3)
        #expect(code == 76)  // libxml2 XML_ERR_TAG_NAME_MISMATCH
        #expect(mismatch.description.hasPrefix("The Block feed is not valid XML (line 3, column "))
        #expect(mismatch.description.hasSuffix(": the tags do not match)"))

        let cut = try #require(FeedFixtures.error(reading: Data("<rss><channel><item><title>x".utf8)))
        #expect(cut.description.hasSuffix(": the document ends early)"))
        #expect(FeedFixtures.error(reading: Data("<rss><title>&nbsp;</title></rss>".utf8))?.description.hasSuffix(": an undefined entity)") == true)
    }

    @Test("a document cut off mid-item keeps the items that closed, and says what happened")
    func truncatedMidItem() throws {
        let full = try RecordedFixture.data("feed-theblock.xml")
        let cut = try #require(String(decoding: full, as: UTF8.self).range(of: "Riot mined 412 BTC"))
        let truncated = Data(String(decoding: full, as: UTF8.self)[..<cut.lowerBound].utf8)
        let feed = try FeedReader.read(truncated, from: FeedFixtures.outlet("The Block"))
        #expect(feed.articles.map(\.id) == ["https://www.theblock.co/post/408670"])
        guard case .malformed = feed.problem?.reason else {
            Issue.record("expected the truncation to be reported, got \(String(describing: feed.problem))")
            return
        }
    }

    @Test("cut at every byte offset, The Block's feed gives an error or a prefix of its articles, never a crash")
    func everyTruncation() throws {
        let full = try RecordedFixture.data("feed-theblock.xml")
        let complete = try FeedReader.read(full, from: FeedFixtures.outlet("The Block")).articles
        for length in 0..<full.count {
            do {
                let partial = try FeedReader.read(full.prefix(length), from: FeedFixtures.outlet("The Block"))
                #expect(partial.articles == Array(complete.prefix(partial.articles.count)), "cut at \(length)")
                #expect(partial.problem != nil || partial.articles == complete, "cut at \(length)")
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }

    @Test("descriptions carry no text from the document")
    func descriptions() {
        #expect(
            FeedError(feed: "Decrypt", reason: .notAFeed(html: true)).description == "Decrypt feed answered with a web page instead of RSS or Atom")
        #expect(
            FeedError(feed: "Decrypt", reason: .declaresEntities).description
                == "Decrypt feed declares its own XML entities, which lacripta refuses for safety")
        #expect(FeedError(feed: "X", reason: .tooLarge(bytes: 9, limit: 8)).description == "X feed is too large (9 bytes; the limit is 8)")
    }
}
