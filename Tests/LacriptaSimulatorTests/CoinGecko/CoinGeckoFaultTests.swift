import Foundation
import LacriptaSimulator
import Testing

@Suite("CoinGecko: fault switches")
struct CoinGeckoFaultTests {
    private static let markets = "/coins/markets?vs_currency=usd&per_page=10&page=1"

    @Test("ratelimit is the recorded 429 with Retry-After 119 by default, or the seconds given")
    func rateLimited() throws {
        try withSimulator { (simulator: Simulator) throws in
            simulator.coinGecko.setFault(.rateLimited(retryAfter: CoinGeckoFault.recordedRetryAfter))
            let response = try KeylessFixtures.coinGecko(simulator, Self.markets)
            #expect(response.status == 429)
            #expect(response.headers["Retry-After"] == "119")
            #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
            #expect(try response.json() == KeylessFixtures.document(.error429))
            simulator.coinGecko.setFault(CoinGeckoFault(argument: "ratelimit:3"))
            #expect(try KeylessFixtures.coinGecko(simulator, Self.markets).headers["Retry-After"] == "3")
        }
    }

    @Test("ratelimit-bare is the same 429 without Retry-After")
    func rateLimitedBare() throws {
        try withSimulator { (simulator: Simulator) throws in
            simulator.coinGecko.setFault(.rateLimitedWithoutRetryAfter)
            let response = try KeylessFixtures.coinGecko(simulator, Self.markets)
            #expect(response.status == 429)
            #expect(response.headers["Retry-After"] == nil)
            #expect(try response.json() == KeylessFixtures.document(.error429))
        }
    }

    @Test("A fault with a count clears itself, and requests refused for their User-Agent do not use it up")
    func countedFault() throws {
        try withSimulator { (simulator: Simulator) throws in
            simulator.coinGecko.setFault(.rateLimitedWithoutRetryAfter, count: 1)
            #expect(try KeylessFixtures.coinGecko(simulator, Self.markets, headers: []).status == 403)
            #expect(try KeylessFixtures.coinGecko(simulator, Self.markets).status == 429)
            #expect(try KeylessFixtures.coinGecko(simulator, Self.markets).status == 200)
            #expect(simulator.coinGecko.fault == nil)
        }
    }

    @Test("cloudflare is a 403 HTML page; unavailable a bodiless 503; drop closes unanswered")
    func otherFaults() throws {
        try withSimulator { (simulator: Simulator) throws in
            simulator.coinGecko.setFault(.cloudflare)
            let banned = try KeylessFixtures.coinGecko(simulator, Self.markets)
            #expect(banned.status == 403)
            #expect(banned.headers["Content-Type"]?.hasPrefix("text/html") == true)
            #expect(banned.text.contains("used Cloudflare to restrict access"))
            simulator.coinGecko.setFault(.unavailable)
            let down = try KeylessFixtures.coinGecko(simulator, Self.markets)
            #expect(down.status == 503 && down.body.isEmpty)
            simulator.coinGecko.setFault(.drop)
            let client = try RawHTTPClient(port: simulator.restPort)
            client.get(simulator.coinGeckoBaseURL.path + Self.markets, headers: [KeylessFixtures.userAgent])
            guard case .closedWithoutAnswer = client.read() else {
                Issue.record("drop answered")
                return
            }
        }
    }

    @Test("slow still gives the whole normal answer")
    func slow() throws {
        try withSimulator { (simulator: Simulator) throws in
            simulator.coinGecko.setFault(.slow(.milliseconds(20)))
            let response = try KeylessFixtures.coinGecko(simulator, "/ping")
            #expect(response.status == 200 && response.text.contains("To the Moon"))
        }
    }

    @Test(
        "Fault names parse and print back",
        arguments: [
            ("ratelimit", CoinGeckoFault.rateLimited(retryAfter: 119)), ("RATELIMIT=5", .rateLimited(retryAfter: 5)),
            ("ratelimit-bare", .rateLimitedWithoutRetryAfter), ("cloudflare", .cloudflare), ("unavailable", .unavailable),
            ("slow:0.25", .slow(.milliseconds(250))), ("drop", .drop),
        ])
    func names(argument: String, fault: CoinGeckoFault) {
        #expect(CoinGeckoFault(argument: argument) == fault)
        #expect(CoinGeckoFault(argument: fault.argument) == fault)
    }

    @Test("Unknown names and bad numbers are refused", arguments: ["ratelimit:1.5", "ratelimit:-1", "slow:x", "slow", "429", ""])
    func badNames(argument: String) {
        #expect(CoinGeckoFault(argument: argument) == nil)
    }
}
