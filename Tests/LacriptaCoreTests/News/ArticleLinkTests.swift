import Foundation
import Testing

@testable import LacriptaCore

/// Which links are shown, what tracking is removed, and when two links are the same article.
@Suite("Article links")
struct ArticleLinkTests {
    @Test("only absolute http(s) links with a host are web links; relative ones resolve")
    func web() throws {
        let base = try #require(URL(string: "https://decrypt.co/feed"))
        #expect(ArticleLink.web("https://decrypt.co/1/a") == "https://decrypt.co/1/a")
        #expect(ArticleLink.web("/1/a", relativeTo: base) == "https://decrypt.co/1/a")
        #expect(ArticleLink.web("1/a", relativeTo: base) == "https://decrypt.co/1/a")
        #expect(ArticleLink.web("/1/a") == nil)
        #expect(ArticleLink.web("javascript:alert(1)", relativeTo: base) == nil)
        #expect(ArticleLink.web("file:///etc/passwd", relativeTo: base) == nil)
        #expect(ArticleLink.web("data:text/html,x", relativeTo: base) == nil)
        #expect(ArticleLink.web("https:///nohost") == nil)
        #expect(ArticleLink.web("ftp://x.test/a") == nil)
    }

    @Test("tracking parameters go, the rest stay in order")
    func tracking() {
        #expect(
            ArticleLink.removingTracking(
                "https://www.theblock.co/post/408670/multicoin?utm_source=rss&utm_medium=rss") == "https://www.theblock.co/post/408670/multicoin")
        #expect(ArticleLink.removingTracking("https://x.test/a?b=2&UTM_Campaign=x&a=1&fbclid=z") == "https://x.test/a?b=2&a=1")
        #expect(ArticleLink.removingTracking("https://news.google.com/rss/articles/X?oc=5") == "https://news.google.com/rss/articles/X?oc=5")
        #expect(ArticleLink.removingTracking("https://x.test/a") == "https://x.test/a")
    }

    @Test("canonical keys: case, http, www., default port, trailing slash, fragment, tracking and parameter order")
    func canonical() {
        let key = "https://theblock.co/post/1?a=1&b=2"
        #expect(ArticleLink.canonical("https://www.theblock.co/post/1?a=1&b=2") == key)
        #expect(ArticleLink.canonical("HTTP://WWW.TheBlock.co:80/post/1/?b=2&utm_source=rss&a=1#top") == key)
        #expect(ArticleLink.canonical("https://theblock.co:443/post/1//?a=1&b=2") == key)
        #expect(ArticleLink.canonical("https://theblock.co/Post/1?a=1&b=2") != key)  // paths are case-sensitive
        #expect(ArticleLink.canonical("https://theblock.co:8443/post/1") == "https://theblock.co:8443/post/1")
        #expect(ArticleLink.canonical(" not a url ") == "not a url")
    }
}
