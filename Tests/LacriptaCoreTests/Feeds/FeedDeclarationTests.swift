import Foundation
import Testing

@testable import LacriptaCore

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Declared encodings the prolog check cannot read as the parser would, and DTDs that must never
/// reach the parser: issue 23's UTF-7 feed and the class around it.
@Suite("Feed reader: declarations")
struct FeedDeclarationTests {
    /// An item the attacker wants shown; it must never come out of the reader.
    private static let injected = "<rss><channel><item><title>&a;</title><link>https://evil.example/a</link></item></channel></rss>"

    /// Issue 23: under UTF-7 `+AC0ALQA+-` is `-->`, so libxml2 saw a DOCTYPE where the byte scan
    /// saw a comment.
    private static let utf7 =
        #"<?xml version="1.0" encoding="utf-7"?><!-- +AC0ALQA+- <!DOCTYPE rss [<!ENTITY a "INJECTED">]>"# + injected
        + "\n-->\n<rss><channel><item><title>Real</title><link>https://example.com/a</link></item></channel></rss>\n"

    @Test("a UTF-7 feed hiding a DOCTYPE behind +AC0ALQA+- is refused unparsed, naming the encoding")
    func utf7Doctype() {
        let error = FeedFixtures.error(reading: Data(Self.utf7.utf8))
        #expect(error == FeedError(feed: "The Block", reason: .declaredEncoding("utf-7")))
        #expect(
            error?.description
                == "The Block feed declares an encoding lacripta does not read (utf-7); it reads UTF-8, US-ASCII, ISO-8859-x and windows-125x")
    }

    @Test(
        "every declared encoding outside UTF-8, US-ASCII and the single-byte list is refused",
        arguments: ["UTF-7", "utf-16", "UTF-16LE", "utf-32", "UCS-4", "IBM037", "ebcdic-cp-us", "shift_jis", "GB18030", "koi8-r", "x-mac-roman"])
    func otherEncodings(_ name: String) {
        let document = #"<?xml version="1.0" encoding="\#(name)"?><rss><channel><item><title>t</title></item></channel></rss>"#
        #expect(FeedFixtures.error(reading: Data(document.utf8))?.reason == .declaredEncoding(name.lowercased()))
    }

    @Test(
        "what reads still reads: UTF-8, US-ASCII and a single-byte encoding, in either quote and any case",
        arguments: ["UTF-8", "utf8", "US-ASCII", "ascii", "ISO-8859-1", "windows-1252"])
    func acceptedEncodings(_ name: String) throws {
        let document = "<?xml version='1.0' encoding='\(name)' standalone='yes' ?>\n<rss><channel><item><title>Fine</title></item></channel></rss>"
        #expect(try FeedFixtures.read(xml: document).articles.map(\.title) == ["Fine"])
    }

    @Test("a declaration longer than the old 256-byte look (UTF-7 after padding) is still read, and refused")
    func paddedDeclaration() {
        let padded = #"<?xml version="1.0""# + String(repeating: " ", count: 300) + #"encoding="utf-7"?>"# + Self.injected
        #expect(FeedFixtures.error(reading: Data(padded.utf8))?.reason == .declaredEncoding("utf-7"))
        // One too long to take apart is refused as broken, not read as UTF-8.
        let huge = #"<?xml version="1.0""# + String(repeating: " ", count: 2000) + #"encoding="utf-7"?>"# + Self.injected
        #expect(FeedFixtures.error(reading: Data(huge.utf8))?.reason == .malformed(line: 1, column: 1, code: XMLErrorCode.declarationNotFinished))
    }

    @Test(
        "a declaration that does not take apart is refused, not guessed at",
        arguments: [
            #"<?xml encoding="utf-7" version="1.0"?>"#, #"<?xml version="1.0" encoding="utf-8" encoding="utf-7"?>"#,
            #"<?xml version="1.0" xencoding="utf-8" encoding="utf-7"?>"#, #"<?xml version="1.0" encoding=utf-7?>"#,
            #"<?xml version="1.0"encoding="utf-7"?>"#, #"<?xml version="1.0" encoding="utf-7'?>"#, "<?xml version=\"1.0\" encoding=\"\"?>",
        ])
    func brokenDeclarations(_ declaration: String) {
        let error = FeedFixtures.error(reading: Data((declaration + Self.injected).utf8))
        #expect(error?.reason == .malformed(line: 1, column: 1, code: XMLErrorCode.declarationNotFinished))
    }

    @Test("a UTF-8 byte order mark contradicted by a declared single-byte encoding is refused")
    func bomAndDeclaration() {
        let document = Data([0xEF, 0xBB, 0xBF]) + Data(#"<?xml version="1.0" encoding="ISO-8859-1"?><rss/>"#.utf8)
        #expect(FeedFixtures.error(reading: document)?.reason == .declaredEncoding("iso-8859-1"))
        let agreeing =
            Data([0xEF, 0xBB, 0xBF])
            + Data(#"<?xml version="1.0" encoding="UTF-8"?><rss><channel><item><title>ok</title></item></channel></rss>"#.utf8)
        #expect(FeedFixtures.error(reading: agreeing) == nil)
    }

    @Test("the parser never sees the prolog: a declaration of ours, then blanks keeping the line breaks, then the root")
    func parserInput() throws {
        let document =
            "<?xml version=\"1.0\" encoding=\"windows-1252\" standalone=\"no\"?>\r\n<!-- <!DOCTYPE x [<!ENTITY a \"b\">]> -->\n<?xml-stylesheet href=\"s.css\"?>\n<!DOCTYPE rss SYSTEM \"rss.dtd\">\n<rss version=\"2.0\"/>"
        let data = Data(document.utf8)
        guard case .parse(.rss, let root) = FeedProlog.check(data) else {
            Issue.record("the document should parse as RSS")
            return
        }
        let input = FeedProlog.parserInput(data, root: root, encoding: FeedEncoding.declared(data))
        let text = String(decoding: input, as: UTF8.self)
        #expect(input.count == data.count)
        #expect(text.hasPrefix(#"<?xml version="1.0" encoding="windows-1252"?>"#))
        let prolog = text.dropFirst(#"<?xml version="1.0" encoding="windows-1252"?>"#.count).prefix { $0 != "<" }
        #expect(prolog.allSatisfy { $0 == " " || $0 == "\n" || $0 == "\r\n" })
        #expect(
            text.split(separator: "\n", omittingEmptySubsequences: false).count
                == document.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(text.hasSuffix("\n<rss version=\"2.0\"/>"))
    }

    @Test("a feed with an external DOCTYPE and comments before its root still reads, and errors keep their lines")
    func prologKeepsLines() throws {
        let document =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE rss PUBLIC \"-//Netscape//DTD RSS 0.91//EN\" \"http://my.netscape.com/publish/formats/rss-0.91.dtd\">\n<!-- a -->\n<rss><channel><item><title>One</title></item>\n<item><title>Two</titel></item></channel></rss>"
        let feed = try FeedFixtures.read(xml: document)
        #expect(feed.articles.first?.title == "One")
        guard case .malformed(let line, _, _)? = feed.problem?.reason else {
            Issue.record("expected the broken second item to be reported")
            return
        }
        #expect(line == 5)
    }

    /// DTD declarations of each kind Foundation on Linux reports to a delegate. Those it would
    /// crash on (an ATTLIST with `#IMPLIED`, a NOTATION with only a SYSTEM id: it reads their
    /// missing parts as C strings) are only ever given to the reader, which refuses them unparsed.
    private static let declarations = [
        "<!ELEMENT rss ANY>", "<!ATTLIST rss version CDATA \"2.0\">", "<!NOTATION gif PUBLIC \"p\" \"s\">",
    ]

    @Test("should a DTD reach the parser, it stops at the first declaration it is told of", arguments: declarations)
    func delegateRefusesDeclarations(_ declaration: String) {
        let document = "<?xml version=\"1.0\"?><!DOCTYPE rss [\(declaration)]><rss><channel><item><title>t</title></item></channel></rss>"
        let delegate = FeedParserDelegate(format: .rss, textLimit: 1 << 20)
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = delegate
        _ = parser.parse()
        #expect(delegate.refusedDeclaration)
        #expect(delegate.entries.isEmpty)
    }

    @Test(
        "every kind of DTD declaration, those that crash Foundation's parser included, is refused by the reader",
        arguments: declarations + [
            "<!ATTLIST rss version CDATA #IMPLIED>", "<!NOTATION gif SYSTEM \"image/gif\">", "<!ENTITY a \"b\">", "<!ENTITY % p \"x\">",
        ])
    func readerRefusesDeclarations(_ declaration: String) {
        let document = "<?xml version=\"1.0\"?><!DOCTYPE rss [\(declaration)]><rss><channel><item><title>t</title></item></channel></rss>"
        #expect(FeedFixtures.error(reading: Data(document.utf8))?.reason == .declaresEntities)
    }
}
