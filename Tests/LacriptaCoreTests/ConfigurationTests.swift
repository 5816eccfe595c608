import Foundation
import Testing

@testable import LacriptaCore

@Suite("Configuration")
struct ConfigurationTests {
    private func load(_ env: [String: String], file: String? = nil) throws -> Configuration {
        try Configuration.load(environment: env) { _ in file }
    }

    @Test("defaults point at CryptoCompare with no key")
    func defaults() throws {
        let config = try load(["HOME": "/home/u"])
        #expect(config.apiKey == nil)
        #expect(config.apiBaseURL.absoluteString == Configuration.defaultAPIURL)
        #expect(config.streamURL.absoluteString == Configuration.defaultStreamURL)
        #expect(config.configFilePath == "/home/u/.config/lacripta/config")
        #expect(config.cacheDirectory.path == "/home/u/.cache/lacripta")
    }

    @Test("XDG directories are honoured")
    func xdg() throws {
        let config = try load(["HOME": "/home/u", "XDG_CONFIG_HOME": "/cfg", "XDG_CACHE_HOME": "/cache"])
        #expect(config.configFilePath == "/cfg/lacripta/config")
        #expect(config.cacheDirectory.path == "/cache/lacripta")
    }

    @Test("the config file supplies key and URLs; the environment wins over it")
    func precedence() throws {
        let file = """
            # my settings
            api_key = "filekey"
            api_url = http://127.0.0.1:9/
            stream_url = ws://127.0.0.1:9/v2
            currencies = usd, gbp
            """
        let fromFile = try load(["HOME": "/h"], file: file)
        #expect(fromFile.apiKey == APIKey("filekey"))
        #expect(fromFile.apiBaseURL.absoluteString == "http://127.0.0.1:9/")
        #expect(fromFile.currencies == ["USD", "GBP"])
        let fromEnv = try load(["HOME": "/h", "CRYPTOCOMPARE_API_KEY": "envkey", "LACRIPTA_API_URL": "https://a.example"], file: file)
        #expect(fromEnv.apiKey == APIKey("envkey"))
        #expect(fromEnv.apiBaseURL.absoluteString == "https://a.example")
    }

    @Test("a typo in the config file is reported with its line")
    func unknownKey() {
        #expect(
            throws: LacriptaError.configuration(
                "/h/.config/lacripta/config:2: unknown setting 'apikey' (known: alert_exec, alert_hysteresis, api_key, api_url, binance_url, binanceus_url, bitfinex_url, bitstamp_url, ca_file, cex_url, coinbase_api_url, coinbase_url, coingecko_api_key, coingecko_url, cost_method, currencies, currency, gemini_url, hide_amounts, kraken_api_url, kraken_url, news_feeds, news_keep_days, okx_url, source, stream_url, theme, timeout, color.ROLE)"
            )
        ) {
            try load(["HOME": "/h"], file: "# c\napikey = x\n")
        }
    }

    @Test("a URL of the wrong kind is a usage error")
    func badURL() {
        #expect(throws: LacriptaError.self) { try load(["HOME": "/h", "LACRIPTA_STREAM_URL": "http://x"]) }
        #expect(throws: LacriptaError.self) { try load(["HOME": "/h", "LACRIPTA_API_URL": "not a url"]) }
    }

    @Test("the API key never shows in descriptions and is redacted from text")
    func keyRedaction() throws {
        let key = try #require(APIKey("  s3cr3t-key \n"))
        #expect("\(key)" == "****")
        #expect(String(reflecting: key) == "APIKey(****)")
        #expect(key.headerValue == "Apikey s3cr3t-key")
        #expect(key.redact("failed for s3cr3t-key at s3cr3t-key") == "failed for **** at ****")
        #expect(APIKey("   ") == nil)
    }

    @Test(
        "a short key is redacted as a whole token only: ordinary words keep their letters",
        arguments: [
            ("k", "a keyed account: Apikey k refused", "a keyed account: Apikey **** refused"),
            ("k", "GET /x?api_key=k&y=1 (k)", "GET /x?api_key=****&y=1 (****)"),
            ("abc", "abc abcd xabc abc-1 abc", "**** abcd xabc abc-1 ****"),
            ("1234", "key 1234, not 12345 or v1234", "key ****, not 12345 or v1234"),
        ])
    func shortKeyRedaction(secret: String, text: String, redacted: String) throws {
        #expect(try #require(APIKey(secret)).redact(text) == redacted)
    }

    @Test("a key of twelve characters or more is redacted wherever it stands, inside a word too")
    func longKeyRedaction() throws {
        let key = try #require(APIKey("0123456789ab"))
        #expect(key.redact("x0123456789aby and 0123456789ab") == "x****y and ****")
    }
}
