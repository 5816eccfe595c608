import Foundation
import Testing

@testable import LacriptaCore

/// OPML as other readers write it: nested folders, titles in `text` or `title` or missing,
/// duplicate addresses, entities, and files cut short.
@Suite("OPML reader")
struct OPMLReaderTests {
    /// Feedly-shaped: OPML 1.0, folders with `text` and `title`, a feed in two folders.
    static let feedly = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="1.0">
          <head><title>Ann subscriptions in feedly Cloud</title></head>
          <body>
            <outline text="Crypto" title="Crypto">
              <outline type="rss" text="CoinDesk" title="CoinDesk" xmlUrl="https://www.coindesk.com/arc/outboundfeeds/rss/" htmlUrl="https://www.coindesk.com"/>
              <outline text="Deep">
                <outline type="rss" text="Decrypt &amp; Friends" xmlUrl="https://decrypt.co/feed"/>
              </outline>
            </outline>
            <outline text="News">
              <outline type="rss" text="CoinDesk again" xmlUrl="https://www.coindesk.com/arc/outboundfeeds/rss/"/>
            </outline>
            <outline type="rss" xmlUrl="https://example.com/untitled.xml"/>
          </body>
        </opml>
        """

    /// Inoreader/newsboat-shaped: OPML 2.0, lower-case attribute, entities and a numeric reference.
    static let opml2 = """
        <?xml version="1.0"?>
        <opml version="2.0"><head><title>x</title><dateCreated>Mon, 02 Nov 2026 10:00:00 GMT</dateCreated></head>
        <body><outline title="Caf&#233; &lt;news&gt;" xmlurl="https://example.org/rss?a=1&amp;b=2"/></body></opml>
        """

    @Test("nested folders become tags at each level; each address once, the first; titles from text or title, or none")
    func feedly() throws {
        let feeds = try OPMLReader.read(Data(Self.feedly.utf8))
        #expect(
            feeds == [
                OPMLFeed(url: "https://www.coindesk.com/arc/outboundfeeds/rss/", title: "CoinDesk", tags: ["Crypto"]),
                OPMLFeed(url: "https://decrypt.co/feed", title: "Decrypt & Friends", tags: ["Crypto", "Crypto/Deep"]),
                OPMLFeed(url: "https://example.com/untitled.xml", title: nil, tags: []),
            ])
    }

    @Test("OPML 2.0 with entities and character references, any attribute case")
    func entities() throws {
        let feeds = try OPMLReader.read(Data(Self.opml2.utf8))
        #expect(feeds == [OPMLFeed(url: "https://example.org/rss?a=1&b=2", title: "Café <news>", tags: [])])
    }

    @Test("a document declaring entities is refused unread; a web page or an RSS feed is not OPML")
    func refusals() {
        let laughs = "<?xml version=\"1.0\"?><!DOCTYPE opml [<!ENTITY a \"aaaa\">]><opml><body><outline xmlUrl=\"&a;\"/></body></opml>"
        #expect(throws: OPMLError.self) { try OPMLReader.read(Data(laughs.utf8)) }
        #expect(throws: OPMLError.self) { try OPMLReader.read(Data("<html><body>hi</body></html>".utf8)) }
        #expect(throws: OPMLError.self) { try OPMLReader.read(Data("<rss><channel/></rss>".utf8)) }
        #expect(throws: OPMLError.self) { try OPMLReader.read(Data()) }
    }

    @Test(
        "an encoding the byte scan cannot read (UTF-7 hiding a DOCTYPE), or a DTD declaration Foundation crashes on, is refused unread",
        arguments: [
            "<?xml version=\"1.0\" encoding=\"utf-7\"?>+ADw-+ACE-DOCTYPE opml+AFs-+ADw-+ACE-ENTITY a +ACI-x+ACI-+AD4-+AF0-+AD4-<opml><body/></opml>",
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?><opml><body/></opml>",
            "<?xml version=\"1.0\"?><!DOCTYPE opml [<!ATTLIST outline y CDATA #IMPLIED>]><opml><body/></opml>",
            "<?xml version=\"1.0\"?><!DOCTYPE opml [<!NOTATION n SYSTEM \"x\">]><opml><body/></opml>",
            "<?xml version=\"1.0\" encoding=?><opml><body/></opml>",
        ])
    func refusedBeforeParsing(text: String) {
        #expect(throws: OPMLError.self) { try OPMLReader.read(Data(text.utf8)) }
    }

    @Test("a Latin-1 list reads, its names converted")
    func latin1() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><opml version=\"2.0\"><body><outline text=\"Caf".utf8)
        bytes += [0xE9] + Array("\" xmlUrl=\"https://a.example/rss\"/></body></opml>".utf8)
        let feeds = try OPMLReader.read(Data(bytes))
        #expect(feeds.map(\.url) == ["https://a.example/rss"])
        #expect(feeds.first?.title == "Café")
    }

    @Test("a file cut at any byte: an error naming a line, or exactly the whole file's feeds, never others")
    func cutAtEveryOffset() throws {
        let bytes = Array(Self.feedly.utf8)
        let whole = try OPMLReader.read(Data(bytes))
        for cut in 0..<bytes.count {
            do {
                let feeds = try OPMLReader.read(Data(bytes[..<cut]))
                #expect(feeds == whole, "cut at \(cut)")
            } catch {
                #expect(error.line >= 1)
            }
        }
    }

    @Test("what the writer writes reads back the same, folders, hostile titles and all")
    func roundTrip() throws {
        let feeds = [
            OPMLFeed(url: "https://a.example/feed?x=1&y=2", title: "A \"quoted\" <b>name</b> & more", tags: ["Crypto", "Crypto/Deep"]),
            OPMLFeed(url: "https://b.example/rss", title: "Bell\u{07}\u{1B}[31m", tags: []),
            OPMLFeed(url: "https://c.example/atom", title: "C", tags: ["News"]),
        ]
        let text = OPMLWriter.document(feeds, now: Date(timeIntervalSince1970: 0))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let back = try OPMLReader.read(Data(text.utf8))
        #expect(back.map(\.url) == feeds.map(\.url))
        #expect(back.map(\.tags) == feeds.map(\.tags))
        #expect(back[0].title == feeds[0].title)
        #expect(back[1].title == "Bell[31m")
    }
}

/// The feed list file (newsboat's urls format): parse, change, write back, comments kept.
@Suite("Feed list")
struct FeedListTests {
    @Test("feeds with names and tags, comments and blank lines kept through a change; CRLF read")
    func roundTrip() throws {
        let text = "# my feeds\r\n\r\nhttps://decrypt.co/feed \"~Decrypt\" \"Crypto\" \"a \\\"b\\\"\"\r\nhttps://x.example/rss\r\n"
        var list = try FeedList(text: text)
        #expect(
            list.feeds == [
                OPMLFeed(url: "https://decrypt.co/feed", title: "Decrypt", tags: ["Crypto", "a \"b\""]), OPMLFeed(url: "https://x.example/rss"),
            ])
        let again = list.add(OPMLFeed(url: "https://x.example/rss"))
        let added = list.add(OPMLFeed(url: "https://y.example/rss", title: "Y"))
        let removed = list.remove("decrypt")
        #expect(!again && added && removed == 1)
        #expect(list.text == "# my feeds\n\nhttps://x.example/rss\nhttps://y.example/rss \"~Y\"\n")
        #expect(try FeedList(text: list.text) == list)
    }

    @Test("a line that is not a feed is named by its number")
    func badLine() {
        #expect {
            try FeedList(text: "https://ok.example/rss\nhttps://bad.example \"unclosed\n")
        } throws: { error in
            (error as? OPMLError)?.line == 2
        }
    }
}
