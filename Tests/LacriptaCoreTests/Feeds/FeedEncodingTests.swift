import Foundation
import Testing

@testable import LacriptaCore

/// Bytes that are not the UTF-8 the parser reads: found by fuzzing, where Foundation's XMLParser
/// trapped on an element name that was not valid UTF-8.
@Suite("Feed reader: invalid UTF-8")
struct FeedEncodingTests {
    @Test("an element name of invalid UTF-8 is a malformed feed, not a crash (fuzz: feed-reader/crash-invalid-utf8-name)")
    func invalidName() {
        let crash = Data([0x3C, 0x72, 0x73, 0x73, 0x3E, 0xFF, 0x73, 0x3C, 0xD2])
        let error = FeedFixtures.error(reading: crash)
        guard case .malformed? = error?.reason else {
            Issue.record("expected a malformed feed, got \(String(describing: error))")
            return
        }
    }

    @Test("a stray invalid byte in an item's text becomes U+FFFD and the items still read")
    func strayByte() throws {
        var bytes = Array("<rss><channel><item><title>Bitcoin ".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(" rallies</title><link>https://example.com/a</link></item></channel></rss>".utf8)
        let feed = try FeedReader.read(Data(bytes), from: FeedOutlet(name: "Test", url: URL(fileURLWithPath: "/feed.xml")))
        #expect(feed.articles.map(\.title) == ["Bitcoin \u{FFFD}( rallies"])
    }

    @Test("a document declaring another encoding is left for libxml2 to convert")
    func declaredLatin1() throws {
        var bytes = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><item><title>caf"#.utf8)
        bytes += [0xE9]
        bytes += Array("</title><link>https://example.com/a</link></item></channel></rss>".utf8)
        #expect(FeedEncoding.declared(Data(bytes)) == .singleByte("iso-8859-1"))
        let feed = try FeedReader.read(Data(bytes), from: FeedOutlet(name: "Test", url: URL(fileURLWithPath: "/feed.xml")))
        #expect(feed.articles.map(\.title) == ["café"])
        #expect(FeedEncoding.declared(Data(#"<?xml version='1.0' encoding = 'UTF-8'?><rss/>"#.utf8)) == .utf8)
    }

    @Test("an encoding name that is no name is a broken declaration, refused unparsed (fuzz: feed-reader/crash-unknown-encoding)")
    func unknownEncoding() {
        var bytes = Array(#"<?xml version="1.0" encoding="^TF-8"?><rss>"#.utf8)
        bytes += [0xFF, 0x73, 0x3C, 0xD2]
        #expect(FeedEncoding.declared(Data(bytes)) == .malformed)
        #expect(FeedFixtures.error(reading: Data(bytes))?.reason == .malformed(line: 1, column: 1, code: XMLErrorCode.declarationNotFinished))
    }

    @Test(
        "only exact names count as encodings libxml2 converts: a name that merely starts like one is refused (fuzz: crash-encoding-name-prefix)",
        arguments: ["iso-8859-andalone=", "iso-8859-", "iso-8859-12", "windows-1259", "windows-125x"])
    func encodingNamePrefix(_ name: String) {
        var bytes = Array(#"<?xml version="1.0" encoding="\#(name)"?><rss>"#.utf8)
        bytes += [0xFF, 0x73, 0x3C, 0xD2]
        #expect(FeedEncoding.declared(Data(bytes)) != .singleByte(name))
        #expect(FeedFixtures.error(reading: Data(bytes)) != nil)
    }

    @Test("the single-byte encodings libxml2 converts are still left to it", arguments: ["ISO-8859-15", "windows-1251", "Latin1"])
    func knownEncodings(_ name: String) {
        #expect(FeedEncoding.declared(Data(#"<?xml version="1.0" encoding="\#(name)"?><rss/>"#.utf8)) == .singleByte(name.lowercased()))
    }
}
