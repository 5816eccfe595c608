import Foundation
import Testing

@testable import LacriptaCore

/// The settings that choose and reach the data sources: `source`, CoinGecko's URL and key, the
/// news feeds. Each is checked before anything is sent, and named, never echoed, when wrong.
@Suite("Configuration of the data sources")
struct SourceConfigurationTests {
    private func load(_ env: [String: String], file: String? = nil) throws -> Configuration {
        try Configuration.load(environment: ["HOME": "/h"].merging(env) { _, new in new }, readFile: { _ in file })
    }

    @Test("auto means CryptoCompare with a key and the public sources without; an explicit choice wins")
    func autoChoice() throws {
        #expect(try load([:]).source == .auto)
        #expect(SourceChoice.auto.resolved(hasCryptoCompareKey: true) == .cryptoCompare)
        #expect(SourceChoice.auto.resolved(hasCryptoCompareKey: false) == .publicSources)
        #expect(SourceChoice.publicSources.resolved(hasCryptoCompareKey: true) == .publicSources)
        #expect(try load(["LACRIPTA_SOURCE": "Public"]).source == .publicSources)
        #expect(try load([:], file: "source = cryptocompare\n").source == .cryptoCompare)
        #expect(try load(["LACRIPTA_SOURCE": "public"], file: "source = cryptocompare\n").source == .publicSources)
    }

    @Test("hide_amounts: off by default, true/yes/on/1 in the file or LACRIPTA_HIDE_AMOUNTS, the environment winning; anything else named")
    func hideAmounts() throws {
        #expect(try load([:]).hideAmounts == false)
        #expect(try load([:], file: "hide_amounts = true\n").hideAmounts)
        #expect(try load(["LACRIPTA_HIDE_AMOUNTS": "Yes"]).hideAmounts)
        #expect(try load(["LACRIPTA_HIDE_AMOUNTS": "0"], file: "hide_amounts = on\n").hideAmounts == false)
        #expect(throws: LacriptaError.configuration("LACRIPTA_HIDE_AMOUNTS must be true or false")) {
            try load(["LACRIPTA_HIDE_AMOUNTS": "maybe"])
        }
    }

    @Test("each exchange's feed URL defaults to its public feed, is set by its variable or file key, and must be ws(s)")
    func exchangeURLs() throws {
        let defaults = try load([:])
        for exchange in Exchange.allCases { #expect(defaults.exchangeURL(exchange) == exchange.defaultURL) }
        let set = try load(["LACRIPTA_KRAKEN_URL": "ws://127.0.0.1:9001/v2"], file: "bitfinex_url = ws://127.0.0.1:9002/ws/2\n")
        #expect(set.exchangeURL(.kraken).absoluteString == "ws://127.0.0.1:9001/v2")
        #expect(set.exchangeURL(.bitfinex).absoluteString == "ws://127.0.0.1:9002/ws/2")
        #expect(set.exchangeURL(.coinbase) == Exchange.coinbase.defaultURL)
        #expect(throws: LacriptaError.self) { try load(["LACRIPTA_COINBASE_URL": "https://ws-feed.exchange.coinbase.com"]) }
        do {
            _ = try load([:], file: "bitstamp_url = ftp://x\n")
            Issue.record("a non-WebSocket URL is refused")
        } catch {
            #expect("\(error)".contains("bitstamp_url"), "the message names the setting")
        }
    }

    @Test("a source that is not one of the three is a usage mistake naming the setting")
    func badSource() {
        #expect(throws: LacriptaError.configuration("LACRIPTA_SOURCE must be one of auto, cryptocompare, public")) {
            try load(["LACRIPTA_SOURCE": "coingecko"])
        }
    }

    @Test("CoinGecko's URL defaults to the public API, is checked like the others, and never carries a key")
    func coinGeckoURL() throws {
        #expect(try load([:]).coinGeckoBaseURL.absoluteString == "https://api.coingecko.com/api/v3")
        #expect(try load(["LACRIPTA_COINGECKO_URL": "http://127.0.0.1:9/cg/api/v3"]).coinGeckoBaseURL.port == 9)
        #expect(throws: LacriptaError.self) { try load(["LACRIPTA_COINGECKO_URL": "ftp://x"]) }
        #expect(throws: LacriptaError.self) { try load(["LACRIPTA_COINGECKO_URL": "https://x/api/v3?x_cg_demo_api_key=k"]) }
    }

    @Test("the demo key is optional, redacted, and a malformed one is refused without echoing it")
    func demoKey() throws {
        #expect(try load([:]).coinGeckoKey == nil)
        let configuration = try load([:], file: "coingecko_api_key = CG-abc\n")
        #expect(configuration.coinGeckoKey?.bareHeaderValue == "CG-abc")
        #expect("\(configuration.secrets)".contains("CG-abc") == false)
        do {
            _ = try load(["COINGECKO_API_KEY": "CG abc"])
            Issue.record("a key with a space was accepted")
        } catch let error as LacriptaError {
            #expect(error.exitCode == .usage && error.userMessage.contains("COINGECKO_API_KEY"))
            #expect(!error.userMessage.contains("CG abc"))
        }
    }

    @Test("news feeds replace the default outlets; known URLs keep their outlet's name, others their host until read")
    func newsFeeds() throws {
        #expect(try load([:]).newsOutlets == FeedOutlet.defaults)
        let feeds = try load(["LACRIPTA_NEWS_FEEDS": " https://decrypt.co/feed , http://127.0.0.1:9/x.xml,,https://decrypt.co/feed"]).newsOutlets
        #expect(feeds.map(\.name) == ["Decrypt", "127.0.0.1:9/x.xml"])
        #expect(feeds[1].isNamedByHost && !feeds[0].isNamedByHost)
        #expect(feeds[1].displayName(feedTitle: "  Example\nNews ") == "Example News")
        #expect(feeds[0].displayName(feedTitle: "Decrypt.co RSS") == "Decrypt")
        #expect(feeds[1].displayName(feedTitle: "CoinDesk: Bitcoin, Ethereum, Crypto News") == "CoinDesk")
        #expect(feeds[1].displayName(feedTitle: "   ") == "127.0.0.1:9/x.xml")
        #expect(throws: LacriptaError.self) { try load(["LACRIPTA_NEWS_FEEDS": "https://ok.example/feed, not a url"]) }
    }
}
