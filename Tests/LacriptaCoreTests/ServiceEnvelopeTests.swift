import Foundation
import LacriptaNet
import Testing

@testable import LacriptaCore

@Suite("Service error envelopes")
struct ServiceEnvelopeTests {
    private func check(
        _ fixture: String, status: Int = 200, endpoint: Endpoint = .toplist(currency: "USD", limit: 50, page: 0)
    )
        throws -> LacriptaError?
    {
        let response = HTTPResponse(status: status, headers: ["content-type": "application/json"], body: try RecordedFixture.data(fixture))
        do {
            try ServiceEnvelope.check(response, endpoint: endpoint)
            return nil
        } catch let error as LacriptaError {
            return error
        }
    }

    @Test("rate limit (Type 99) shows calls made / max and exits 75")
    func rateLimit() throws {
        let error = try #require(try check("error-ratelimit.json"))
        #expect(error.exitCode == .rateLimited)
        #expect(error.userMessage.contains("7773/7500 calls this day"))
        #expect(error.userMessage.contains("retry"))
    }

    @Test("rate limit with Cooldown says when to retry")
    func rateLimitCooldown() throws {
        let error = try #require(try check("error-ratelimit-cooldown.json"))
        #expect(error.exitCode == .rateLimited)
        #expect(error.userMessage.contains("retry in 7 minutes"))
    }

    @Test("HTTP 401 with the 2026 Err body asks for a key and exits 77")
    func auth401() throws {
        let error = try #require(try check("error-auth-401-2026.json", status: 401))
        #expect(error.exitCode == .authentication)
        #expect(error.userMessage.contains("CRYPTOCOMPARE_API_KEY"))
    }

    @Test("the legacy auth message (HTTP 200) exits 77")
    func authLegacy() throws {
        let error = try #require(try check("error-auth-required-legacy.json"))
        #expect(error.exitCode == .authentication)
    }

    @Test("unknown pairs name the symbol")
    func unknownSymbols() throws {
        let fsym = try #require(try check("error-invalid-fsym.json"))
        #expect(fsym.exitCode == .dataError)
        #expect(fsym.userMessage.contains("NOTACOIN-USD"))
        let tsym = try #require(try check("error-invalid-symbol.json"))
        #expect(tsym.userMessage.contains("XYZ"))
    }

    @Test("Path does not exist is a configuration problem (64), never served from the cache")
    func pathDoesNotExist() throws {
        let error = try #require(try check("error-path-not-exist.json"))
        #expect(error.exitCode == .usage)
        #expect(!error.allowsOfflineFallback)
        #expect(error.userMessage.contains("check LACRIPTA_API_URL"))
    }

    @Test("a missing parameter is a service error naming its message")
    func missingParam() throws {
        let error = try #require(try check("error-missing-param.json"))
        #expect(error.exitCode == .failure)
        #expect(error.userMessage.contains("tsym is a required param."))
    }

    @Test("HTTP 5xx and HTML pages are unavailable (69)")
    func serverErrors() throws {
        let html = HTTPResponse(status: 200, headers: [:], body: Data("<!DOCTYPE html><html>oops</html>".utf8))
        #expect(throws: LacriptaError.self) { try ServiceEnvelope.check(html, endpoint: .newsCategories) }
        do {
            try ServiceEnvelope.check(html, endpoint: .newsCategories)
        } catch let error as LacriptaError {
            #expect(error.exitCode == .unavailable)
            #expect(error.userMessage.contains("web page"))
        }
        let down = HTTPResponse(status: 503, headers: [:], body: Data("busy".utf8))
        do {
            try ServiceEnvelope.check(down, endpoint: .newsCategories)
            Issue.record("expected an error")
        } catch let error as LacriptaError {
            #expect(error.exitCode == .unavailable)
            #expect(error.userMessage.contains("503"))
        }
    }

    @Test("Retry-After on a 429 is the cooldown, on a 503 part of the message; a date counts from now; none changes nothing")
    func retryAfter() throws {
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        func error(_ status: Int, _ headers: [String: String]) -> LacriptaError? {
            do {
                try ServiceEnvelope.check(HTTPResponse(status: status, headers: headers, body: Data()), endpoint: .newsCategories, now: now)
                return nil
            } catch {
                return error as? LacriptaError
            }
        }
        #expect(error(429, ["retry-after": "45"]) == .rateLimited(.init(cooldownSeconds: 45)))
        #expect(error(429, ["retry-after": HTTPDate.format(now.addingTimeInterval(600))]) == .rateLimited(.init(cooldownSeconds: 600)))
        #expect(error(429, [:]) == .rateLimited(.init()))
        #expect(
            error(503, ["retry-after": "7"]) == .unavailable("CryptoCompare answered HTTP 503 for /data/news/categories and asks to retry in 7 s"))
        #expect(error(503, ["retry-after": "soon"]) == .unavailable("CryptoCompare answered HTTP 503 for /data/news/categories"))
        #expect(error(500, ["retry-after": "7"]) == .unavailable("CryptoCompare answered HTTP 500 for /data/news/categories"))
    }

    @Test("success bodies pass")
    func success() throws {
        #expect(try check("toplist-usd-50.json") == nil)
        #expect(try check("news-eth.json") == nil)
        #expect(try check("news-categories.json") == nil)
    }
}
