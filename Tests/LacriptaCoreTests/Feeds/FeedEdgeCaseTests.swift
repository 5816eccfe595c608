import Foundation
import Testing

@testable import LacriptaCore

/// Items as real feeds break them (reference §2.0 and §4.2): missing fields, odd links, encodings.
@Suite("Feed reader: edge cases")
struct FeedEdgeCaseTests {
    private func articles(_ items: String, header: String = "<rss version=\"2.0\">") throws -> [NewsArticle] {
        try FeedFixtures.read(xml: "\(header)<channel><title>Chan</title>\(items)</channel></rss>").articles
    }

    @Test("an empty channel is a feed with no articles, not an error")
    func emptyChannel() throws {
        let feed = try FeedFixtures.read(xml: "<rss><channel><title>Nothing yet</title></channel></rss>")
        #expect(feed.articles.isEmpty)
        #expect(feed.title == "Nothing yet")
        #expect(feed.problem == nil)
    }

    @Test("an item without a date is kept, undated, and sorts last; one without a link keeps an empty url")
    func undatedAndUnlinked() throws {
        let items = try articles(
            "<item><title>No date</title><link>https://x.test/a</link><pubDate>sometime</pubDate></item><item><title>No link</title></item>")
        #expect(items.count == 2)
        #expect(items[0].publishedOn == NewsArticle.undated)
        #expect(!items[0].isDated)
        #expect(items[1].url == "")
        #expect(items[1].id == "No link")
    }

    @Test("javascript:, file: and data: links are dropped, an item with neither title nor usable link too")
    func unsafeLinks() throws {
        let items = try articles(
            """
            <item><title>Script</title><link>javascript:alert(1)</link></item>
            <item><title>File</title><link>file:///etc/passwd</link><guid>file:///etc/passwd</guid></item>
            <item><link>data:text/html,hi</link><description>orphan</description></item>
            <item><title>Upper</title><link>HTTPS://Example.TEST/a</link></item>
            """)
        #expect(items.map(\.title) == ["Script", "File", "Upper"])
        #expect(items.map(\.url) == ["", "", "HTTPS://Example.TEST/a"])
    }

    @Test("a relative link resolves against the feed's address")
    func relativeLink() throws {
        let items = try articles("<item><title>Rel</title><link>/post/1?utm_source=rss</link></item>")
        #expect(items.first?.url == "https://www.theblock.co/post/1")
    }

    @Test("a guid is the link only when it is a permalink: explicitly, or by default without a <link>")
    func guidAsLink() throws {
        let items = try articles(
            """
            <item><title>A</title><guid isPermaLink="true">https://x.test/clean</guid><link>https://x.test/clean?utm_medium=rss</link></item>
            <item><title>B</title><guid>https://x.test/b</guid></item>
            <item><title>C</title><guid isPermaLink="false">https://x.test/?p=3</guid></item>
            """)
        #expect(items.map(\.url) == ["https://x.test/clean", "https://x.test/b", ""])
        #expect(items.map(\.id) == ["https://x.test/clean", "https://x.test/b", "https://x.test/?p=3"])
    }

    @Test("CDATA keeps a raw &; attributes and text decode &amp; once; entities stay for the HTML layer")
    func cdataAndEntities() throws {
        let items = try articles(
            """
            <item><title>AT&amp;T &amp;amp; &lt;b&gt;</title><link>https://x.test/?a=1&amp;b=2</link>
            <category><![CDATA[Mergers & Acquisitions]]></category>
            <description>&lt;p&gt;Fish &amp;amp; chips&lt;/p&gt;</description></item>
            """)
        let item = try #require(items.first)
        #expect(item.title == "AT&T &amp; <b>")
        #expect(item.url == "https://x.test/?a=1&b=2")
        #expect(item.categories == ["Mergers & Acquisitions"])
        #expect(item.body == "<p>Fish &amp; chips</p>")
        #expect(HTMLText.plainText(fromHTML: item.body) == "Fish & chips")
    }

    @Test("HTML descriptions: paragraphs kept, scripts, styles and images dropped, entities decoded")
    func htmlDescription() throws {
        let items = try articles(
            """
            <item><title>H</title><description><![CDATA[<style>p{}</style><p>One &amp; two</p><img src="https://zoa.cointelegraph.com/pixel?postId=1&regionId=1"><script>alert('x')</script><p>Three&nbsp;&#8212; four</p>]]></description></item>
            """)
        #expect(HTMLText.plainText(fromHTML: try #require(items.first).body) == "One & two\n\nThree\u{A0}— four")
    }

    @Test("non-ASCII UTF-8 titles and a numeric entity")
    func unicode() throws {
        let items = try articles("<item><title>Bitcoin’s rally — 比特币 &#8217;26 🚀</title></item>")
        #expect(items.first?.title == "Bitcoin’s rally — 比特币 ’26 🚀")
    }

    @Test("an ISO-8859-1 document is transcoded")
    func latin1() throws {
        var data = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss><channel><item><title>Caf".utf8)
        data.append(0xE9)
        data.append(contentsOf: Array("</title></item></channel></rss>".utf8))
        #expect(try FeedReader.read(data, from: FeedFixtures.outlet("Decrypt")).articles.first?.title == "Café")
    }

    @Test("nested elements named like fields (media:description, media:title) are not the item's")
    func nestedFields() throws {
        let items = try articles(
            """
            <item><title>Real</title><media:content url="u"><media:title>Fake</media:title><media:description>Credit</media:description>
            <description>Nested</description></media:content><description>Body</description></item>
            """, header: #"<rss xmlns:media="http://search.yahoo.com/mrss/">"#)
        #expect(items.first?.title == "Real")
        #expect(items.first?.body == "Body")
    }

    @Test("an undeclared namespace prefix does not fail the feed; dc:creator, content:encoded and dc:date are read")
    func prefixes() throws {
        let feed = try FeedFixtures.read(
            xml: """
                <rss><channel><item><title>T</title><dc:creator>  Shaurya Malwa, Jack Schickler </dc:creator><dc:date>2026-07-16T16:00:02Z</dc:date>
                <content:encoded><![CDATA[<p>Full</p>]]></content:encoded></item></channel></rss>
                """)
        #expect(feed.problem == nil)
        let item = try #require(feed.articles.first)
        #expect(item.author == "Shaurya Malwa, Jack Schickler")
        #expect(item.publishedOn == Date(timeIntervalSince1970: 1_784_217_602))
        #expect(item.body == "<p>Full</p>")  // no description: the full content stands in
    }

    @Test("a title across lines and with trailing spaces becomes one trimmed line; repeated categories once")
    func tidyTitles() throws {
        let items = try articles(
            "<item><title><![CDATA[ Crypto\n  Observers ]]></title><category>A</category><category> A </category><category/></item>")
        #expect(items.first?.title == "Crypto Observers")
        #expect(items.first?.categories == ["A"])
    }

    @Test("RSS 1.0 (rdf:RDF): items beside the channel, dc:date")
    func rss1() throws {
        let document = """
            <?xml version="1.0"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <channel rdf:about="https://x.test/"><title>RDF news</title></channel>
            <item rdf:about="https://x.test/1"><title>One</title><link>https://x.test/1</link><dc:date>2026-07-16T12:00:02-04:00</dc:date></item>
            </rdf:RDF>
            """
        let feed = try FeedFixtures.read(xml: document)
        #expect(feed.title == "RDF news")
        #expect(feed.articles.map(\.url) == ["https://x.test/1"])
        #expect(feed.articles.first?.publishedOn == Date(timeIntervalSince1970: 1_784_217_602))
    }

    @Test("an RSS 0.91 DOCTYPE without an internal subset is fine (and never fetched)")
    func publicDoctype() throws {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://127.0.0.1:9/rss-0.91.dtd">
            <rss version="0.91"><channel><title>Old</title><item><title>Hi</title><link>https://x.test/</link></item></channel></rss>
            """
        #expect(try FeedFixtures.read(xml: document).articles.map(\.title) == ["Hi"])
    }
}
