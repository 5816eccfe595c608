import Foundation
import LacriptaCore
import LacriptaNet
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

@Suite("Presenters")
struct PresenterTests {
    private func coins() async throws -> [Coin] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/recorded/toplist-usd-50.json")
        let transport = FixtureTransport(body: try Data(contentsOf: url))
        let configuration = Configuration(
            apiBaseURL: try #require(URL(string: "http://127.0.0.1:1")), streamURL: try #require(URL(string: "ws://127.0.0.1:1")),
            cacheDirectory: FileManager.default.temporaryDirectory)
        return try await CryptoCompareClient(configuration: configuration, transport: transport).toplist(currency: "USD", limit: 50).value.coins
    }

    @Test("a wide terminal shows every column, a narrow one keeps symbol, price and change")
    func columnsFitWidth() async throws {
        let presenter = ToplistPresenter(currency: "USD", period: .rolling24h)
        let wide = presenter.table(try await coins(), width: 120)
        #expect(wide[0].plainText.contains("Change 24h"))
        #expect(wide[0].plainText.contains("Market cap"))
        #expect(wide.allSatisfy { $0.displayWidth <= 120 })
        let narrow = presenter.table(try await coins(), width: 40)
        #expect(narrow.allSatisfy { $0.displayWidth <= 40 })
        #expect(narrow[0].plainText.contains("Symbol") && narrow[0].plainText.contains("Price") && narrow[0].plainText.contains("%"))
        #expect(!narrow[0].plainText.contains("Volume"))
        #expect(narrow[1].plainText.contains("BTC") && narrow[1].plainText.contains("$62,549.65"))
    }

    @Test("the change column follows the chosen period and direction reads without colour")
    func period() async throws {
        let all = try await coins()
        let btc = try #require(all.first)
        let hour = ToplistPresenter(currency: "USD", period: .hour).row(btc)
        let percent = try #require(btc.quote?.changePercentHour)
        #expect(hour[5].plainText.contains(percent >= 0 ? "▲" : "▼"))
        #expect(ToplistPresenter(currency: "USD", period: .hour).table(all, width: 200)[0].plainText.contains("Change hour"))
    }

    @Test("news dates are relative to the injected clock")
    func relativeDates() {
        let published = Date(timeIntervalSince1970: 1_675_864_091)
        let article = NewsArticle(
            id: "1", title: "T &amp; more", url: "https://x.example/a?b=1&#038;c=2", body: "<p>Body &#8217;s</p>", publishedOn: published,
            source: "S", categories: ["ETH"], tags: [])
        let list = NewsPresenter(now: published.addingTimeInterval(2 * 3600 + 5), width: 80).list([article])
        #expect(list[0].plainText == "1. T & more")
        #expect(list[1].plainText.contains("S · 2 hours ago"))
        let detail = NewsPresenter(now: published.addingTimeInterval(90), width: 80).detail(article)
        let text = detail.map(\.plainText).joined(separator: "\n")
        #expect(text.contains("(1 minute ago)"))
        #expect(text.contains("https://x.example/a?b=1&c=2"))
        #expect(text.contains("Body ’s"))
    }

    @Test("shared documents carry no escapes and escape Markdown in titles")
    func documents() {
        let article = NewsArticle(
            id: "1", title: "A *bold* \u{1B}[31mclaim", url: "https://x.example/", body: "b", publishedOn: Date(timeIntervalSince1970: 0),
            source: "S", categories: [], tags: [])
        let presenter = NewsPresenter(now: Date(timeIntervalSince1970: 0), width: 80)
        let markdown = presenter.document([article], title: "News: ETH", format: .markdown)
        #expect(markdown.contains("[A \\*bold\\* claim](https://x.example/)"))
        for format in [ShareFormat.markdown, .text, .json] {
            #expect(!presenter.document(article, format: format).contains("\u{1B}"))
        }
    }
}

/// Serves one body for any request.
private struct FixtureTransport: HTTPTransport {
    let body: Data
    func get(_ request: HTTPRequest) async throws -> HTTPResponse { HTTPResponse(status: 200, body: body) }
}
