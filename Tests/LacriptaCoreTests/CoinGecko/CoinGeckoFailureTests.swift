import Foundation
import Testing

@testable import LacriptaCore

/// CoinGecko's error answers (reference §1.12): status first, then the body, never assuming JSON.
@Suite("CoinGecko failures")
struct CoinGeckoFailureTests {
    private func classify(_ status: Int, _ file: String, type: String = "application/json") throws -> CoinGeckoFailure? {
        CoinGeckoFailure.classify(status: status, contentType: type, body: try RecordedFixture.data(file))
    }

    @Test("the recorded JSON error bodies, each with its kind, code and exit status")
    func recordedBodies() throws {
        let rate = try #require(try classify(429, "coingecko-error-429.json"))
        #expect(rate.kind == .rateLimited)
        #expect(rate.errorCode == 429)
        #expect(rate.exitCode == .rateLimited)
        #expect(rate.serviceMessage?.hasPrefix("You've exceeded the Rate Limit.") == true)

        let agent = try #require(try classify(403, "coingecko-error-403-user-agent.json"))
        #expect(agent.kind == .userAgentRequired)
        #expect(agent.errorCode == 403)
        #expect(agent.exitCode == .failure)

        let history = try #require(try classify(401, "coingecko-error-401-history.json"))
        #expect(history.kind == .historyLimit)
        #expect(history.errorCode == 10012)
        #expect(history.serviceMessage?.hasSuffix("pricing. ") == true)  // the recorded trailing space
        #expect(history.exitCode == .usage)

        let key = try #require(try classify(401, "coingecko-error-401-key-missing.json", type: "application/json; charset=utf-8"))
        #expect(key.kind == .keyRequired)
        #expect(key.errorCode == 10002)
        #expect(key.exitCode == .authentication)

        let host = try #require(try classify(400, "coingecko-error-400-wrong-host.json"))
        #expect(host.kind == .wrongHostForKey)
        #expect(host.errorCode == 10011)
        #expect(host.serviceMessage?.hasPrefix("If you are using Demo API key") == true)

        let currency = try #require(try classify(400, "coingecko-error-400-vs-currency.json"))
        #expect(currency == CoinGeckoFailure(kind: .invalidCurrency, status: 400, serviceMessage: "invalid vs_currency"))
        #expect(currency.exitCode == .dataError)

        let coin = try #require(try classify(404, "coingecko-error-404-coin.json"))
        #expect(coin == CoinGeckoFailure(kind: .coinNotFound, status: 404, serviceMessage: "coin not found"))
        #expect(coin.exitCode == .dataError)
    }

    @Test("Cloudflare's HTML ban page: blocked on 403, still the rate limit on 429, with or without a text/html type")
    func cloudflare() throws {
        #expect(try classify(403, "coingecko-error-cloudflare.html", type: "text/html; charset=UTF-8")?.kind == .blocked)
        #expect(try classify(403, "coingecko-error-cloudflare.html", type: "application/octet-stream")?.kind == .blocked)
        #expect(try classify(429, "coingecko-error-cloudflare.html", type: "text/html")?.kind == .rateLimited)
        let banned = try #require(try classify(403, "coingecko-error-cloudflare.html", type: "text/html"))
        #expect(banned.serviceMessage == nil)
        #expect(banned.exitCode == .unavailable)
    }

    @Test("status decides when the body says nothing: 5xx, 401, 404 and others")
    func byStatus() {
        func kind(_ status: Int, _ body: String, type: String? = nil) -> CoinGeckoFailure.Kind? {
            CoinGeckoFailure.classify(status: status, contentType: type, body: Data(body.utf8))?.kind
        }
        #expect(kind(503, "") == .unavailable)
        #expect(kind(502, "<html>bad gateway</html>", type: "text/html") == .unavailable)
        #expect(kind(500, #"{"error":"coin not found"}"#) == .unavailable)
        #expect(kind(429, "") == .rateLimited)
        #expect(kind(401, "") == .keyRequired)
        #expect(kind(404, "") == .notFound)
        #expect(kind(404, #"{"error":"Not Found"}"#) == .notFound)
        #expect(kind(400, #"{"error":"Missing parameter vs_currencies"}"#) == .missingParameter)
        #expect(kind(400, "garbage") == .badRequest)
        #expect(kind(418, "") == .unexpected)
        #expect(kind(403, #"{"status":{"error_code":1020,"error_message":"Access denied"}}"#) == .blocked)
        #expect(kind(403, #"{"status":{"error_code":10005,"error_message":"plan"}}"#) == .planRestricted)
    }

    @Test("a success is nil, unless its small body is an error shape")
    func successes() throws {
        #expect(
            CoinGeckoFailure.classify(status: 200, contentType: "application/json", body: Data(#"{"gecko_says":"(V3) To the Moon!"}"#.utf8)) == nil)
        #expect(CoinGeckoFailure.classify(status: 200, contentType: nil, body: try RecordedFixture.data("coingecko-markets-usd.json")) == nil)
        #expect(CoinGeckoFailure.classify(status: 200, contentType: nil, body: try RecordedFixture.data("coingecko-coin-ethereum.json")) == nil)
        #expect(CoinGeckoFailure.classify(status: 204, contentType: nil, body: Data()) == nil)
        #expect(
            CoinGeckoFailure.classify(status: 200, contentType: nil, body: Data(#"{"error":"invalid vs_currency"}"#.utf8))?.kind == .invalidCurrency)
    }

    @Test("descriptions are our own words, without the service's text")
    func descriptions() throws {
        let failure = try #require(try classify(401, "coingecko-error-401-history.json"))
        #expect(failure.description == "CoinGecko's free API gives at most 365 days of history")
        #expect(
            CoinGeckoFailure(kind: .rateLimited, status: 429, serviceMessage: "\u{1B}[2J").description == "CoinGecko rate limit reached (HTTP 429)")
    }

    @Test("the four JSON shapes give the same code and message")
    func shapes() {
        #expect(CoinGeckoErrorBody(Data(#"{"status":{"error_code":429,"error_message":"m"}}"#.utf8)) == .init(code: 429, message: "m"))
        #expect(
            CoinGeckoErrorBody(Data(#"{"error":{"status":{"timestamp":"t","error_code":10012,"error_message":"m"}}}"#.utf8))
                == .init(code: 10012, message: "m"))
        #expect(
            CoinGeckoErrorBody(Data(#"{"timestamp":"t","error_code":10011,"status":{"error_message":"m"}}"#.utf8)) == .init(code: 10011, message: "m")
        )
        #expect(CoinGeckoErrorBody(Data(#"{"error":"coin not found"}"#.utf8)) == .init(code: nil, message: "coin not found"))
        #expect(CoinGeckoErrorBody(Data(#"{"status":{"error_code":1e300}}"#.utf8)) == nil)
        #expect(CoinGeckoErrorBody(Data(#"[1,2]"#.utf8)) == nil)
        #expect(CoinGeckoErrorBody(Data("<html>".utf8)) == nil)
    }
}
