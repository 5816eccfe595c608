import Foundation
import LacriptaNet
import LacriptaSimulator
import Testing

@testable import LacriptaCore

/// What the quote requests send and how answers the simulator does not give are read: a
/// CryptoCompare answer that silently leaves a ticker out, and CoinGecko tickers shared by
/// several coins. Scripted servers on 127.0.0.1, real sockets.
@Suite("Quote requests over real sockets")
struct QuoteRequestTests {
    /// A scripted server that records the requests it answers.
    private final class Fake: Sendable {
        let server: HTTPServer
        let requests = Locked<[LacriptaSimulator.HTTPRequest]>([])

        init(body: String) throws {
            let requests = self.requests
            server = try HTTPServer { request in
                requests.withLock { $0.append(request) }
                return LacriptaSimulator.HTTPResponse(
                    status: 200, headers: HTTPHeaders([("Content-Type", "application/json")]), body: Array(body.utf8))
            }
        }

        var base: URL { URL(string: "http://127.0.0.1:\(server.port)") ?? URL(fileURLWithPath: "/") }
        var seen: [LacriptaSimulator.HTTPRequest] { requests.withLock { $0 } }
    }

    /// A configuration with both services at `fake`.
    private func configuration(_ fake: Fake) throws -> Configuration {
        Configuration(
            apiBaseURL: fake.base, streamURL: try #require(URL(string: "ws://127.0.0.1:1/v2")),
            cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-unused-\(UUID().uuidString)"),
            coinGeckoBaseURL: fake.base)
    }

    @Test("CryptoCompare asks once for all tickers; one left out of the answer is an unknown symbol")
    func cryptoCompareOmission() async throws {
        let fake = try Fake(body: #"{"RAW":{"BTC":{"USD":{"PRICE":90176.2}}},"DISPLAY":{}}"#)
        defer { fake.server.stop() }
        let client = CryptoCompareClient(configuration: try configuration(fake), transport: NativeHTTPTransport(), now: { Date() })
        var thrown: LacriptaError?
        do {
            _ = try await client.quotes(symbols: ["btc", "xyzzy"], currency: "USD")
        } catch let error as LacriptaError {
            thrown = error
        }
        #expect(thrown == .unknownSymbol("XYZZY", detail: "CryptoCompare has no data for it"))
        #expect(thrown?.exitCode == .dataError)
        let request = try #require(fake.seen.first)
        #expect(fake.seen.count == 1)
        #expect(request.path == "/data/pricemultifull")
        #expect(request.queryValue("fsyms") == "BTC,XYZZY" && request.queryValue("tsyms") == "USD")
    }

    @Test("CoinGecko asks by symbols in lower case, and of coins sharing a ticker the largest wins")
    func coinGeckoSharedTicker() async throws {
        let fake = try Fake(
            body: #"""
                [{"id":"ethereum","symbol":"eth","name":"Ethereum","current_price":3120.5,"market_cap":376571634175},
                 {"id":"bridged-ether","symbol":"eth","name":"Bridged Ether","current_price":3001,"market_cap":1200},
                 {"id":"bitcoin","symbol":"btc","name":"Bitcoin","current_price":90176,"market_cap":1800887889241}]
                """#)
        defer { fake.server.stop() }
        let client = CoinGeckoClient(configuration: try configuration(fake), transport: NativeHTTPTransport(), now: { Date() })
        let quotes = try await client.quotes(symbols: ["ETH", "btc"], currency: "EUR").value
        #expect(quotes["ETH"]?.price == 3120.5 && quotes["BTC"]?.price == 90176)
        #expect(quotes["ETH"]?.currency == "EUR")
        let request = try #require(fake.seen.first)
        #expect(request.path == "/coins/markets")
        #expect(request.queryValue("symbols") == "eth,btc" && request.queryValue("vs_currency") == "eur")
    }

    @Test("no tickers is no request and no quotes", arguments: [false, true])
    func empty(coinGecko: Bool) async throws {
        let fake = try Fake(body: "{}")
        defer { fake.server.stop() }
        let configuration = try configuration(fake)
        let source: any MarketDataSource =
            coinGecko
            ? CoinGeckoClient(configuration: configuration, transport: NativeHTTPTransport())
            : CryptoCompareClient(configuration: configuration, transport: NativeHTTPTransport())
        #expect(try await source.quotes(symbols: [" ", ""], currency: "USD").value.isEmpty)
        #expect(fake.seen.isEmpty)
    }
}
