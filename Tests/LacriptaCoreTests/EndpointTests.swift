import Foundation
import Testing

@testable import LacriptaCore

@Suite("Endpoints")
struct EndpointTests {
    private var base: URL {
        get throws { try #require(URL(string: "http://127.0.0.1:8080")) }
    }

    @Test("news keeps its trailing slash and asks for English")
    func news() throws {
        let url = Endpoint.news(category: "ETH").url(base: try base)
        #expect(url.absoluteString == "http://127.0.0.1:8080/data/v2/news/?lang=EN&categories=ETH")
    }

    @Test("news pages back with lTs in whole seconds and names one outlet with feeds")
    func newsPaging() throws {
        let url = Endpoint.news(category: "BTC,ETH", feeds: "coindesk", before: 1_675_857_600).url(base: try base)
        #expect(url.absoluteString == "http://127.0.0.1:8080/data/v2/news/?lang=EN&categories=BTC,ETH&feeds=coindesk&lTs=1675857600")
        #expect(Endpoint.newsFeeds.url(base: try base).absoluteString == "http://127.0.0.1:8080/data/news/feeds")
    }

    @Test("toplist carries limit, page and currency")
    func toplist() throws {
        let url = Endpoint.toplist(currency: "EUR", limit: 10, page: 0).url(base: try base)
        #expect(url.absoluteString == "http://127.0.0.1:8080/data/top/totaltoptiervolfull?limit=10&page=0&tsym=EUR")
    }

    @Test("a base URL with a path prefix keeps it")
    func prefixedBase() throws {
        let proxied = try #require(URL(string: "https://proxy.example/cc/"))
        #expect(Endpoint.newsCategories.url(base: proxied).absoluteString == "https://proxy.example/cc/data/news/categories")
    }
}
