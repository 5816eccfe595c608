import Foundation
import LacriptaNet
import Testing

@testable import LacriptaCore

/// Figures from the wire that do not fit an `Int` (or a calendar): each used to trap the process
/// (SIGILL) or print nonsense; each must now read as missing, or clamp, and never trap.
@Suite("Hostile numbers from the wire")
struct HostileNumberTests {
    /// 2⁶³: `Double(Int.max)` rounds to it, so a `<= Double(Int.max)` check lets it through.
    static let twoToThe63 = 9_223_372_036_854_775_808.0

    @Test(
        "Int(towardZero:) is nil for NaN, infinities and anything outside Int, exact inside",
        arguments: [
            (twoToThe63, nil), (1e19, nil), (-1e19, nil), (.nan, nil), (.infinity, nil), (-.infinity, nil),
            (-twoToThe63, Int.min), (9_223_372_036_854_774_784.0, 9_223_372_036_854_774_784), (2.9, 2), (-2.9, -2), (0, 0),
        ] as [(Double, Int?)])
    func towardZero(value: Double, expected: Int?) {
        #expect(Int(towardZero: value) == expected)
    }

    @Test(
        "Int(clamping:) saturates at Int's bounds and reads NaN as 0",
        arguments: [
            (twoToThe63, Int.max), (1.7e308, Int.max), (.infinity, Int.max), (-1e19, Int.min), (-.infinity, Int.min),
            (.nan, 0), (41.99, 41),
        ] as [(Double, Int)])
    func clamping(value: Double, expected: Int) {
        #expect(Int(clamping: value) == expected)
    }

    @Test(
        "news upvotes of 2^63 or 1e19 read as missing; in range they still count", arguments: ["9223372036854775808", "1e19", "\"1e19\"", "-1e300"])
    func hugeUpvotes(upvotes: String) throws {
        let json =
            #"{"Data":[{"id":"1","title":"T","published_on":1700000000,"upvotes":\#(upvotes)},"#
            + #"{"id":"2","title":"U","published_on":1700000000,"upvotes":"12"}]}"#
        let articles = try NewsResponse.decode(Data(json.utf8))
        #expect(articles.map(\.upvotes) == [nil, 12])
    }

    @Test(
        "a rate-limit Cooldown of Int.max, 2^64 or 1e30 still says when to retry", arguments: ["9223372036854775807", "18446744073709551616", "1e30"])
    func hugeCooldown(cooldown: String) throws {
        let body = #"{"Response":"Error","Message":"Rate limit excedeed!","Type":99,"Cooldown":\#(cooldown)}"#
        let response = HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(body.utf8))
        let error = try #require(throws: LacriptaError.self) { try ServiceEnvelope.check(response, endpoint: .newsCategories) }
        #expect(error.exitCode == .rateLimited)
        // Int.max seconds is five billion years: no time to name, and no overflow on the way.
        #expect(error.userMessage.contains("retry later (the service gave no usable time to wait)"))
        #expect(!error.userMessage.contains("minutes"))
    }

    @Test("a Cooldown just over a whole minute rounds up; under a minute stays in seconds")
    func cooldownRounding() {
        #expect(LacriptaError.rateLimited(.init(cooldownSeconds: 61)).userMessage.contains("retry in 2 minutes"))
        #expect(LacriptaError.rateLimited(.init(cooldownSeconds: 120)).userMessage.contains("retry in 2 minutes"))
        #expect(LacriptaError.rateLimited(.init(cooldownSeconds: 45)).userMessage.contains("retry in 45 s"))
    }

    @Test(
        "a wait is named in the unit that reads: minutes below two hours, hours below two days, days up to 60",
        arguments: [
            (7_199, "retry in 120 minutes"), (7_200, "retry in 2 hours"), (7_201, "retry in 3 hours"), (172_799, "retry in 48 hours"),
            (172_800, "retry in 2 days"), (5_184_000, "retry in 60 days"),
            (5_184_001, "retry later (the service gave no usable time to wait)"),
        ])
    func waitUnits(seconds: Int, advice: String) {
        #expect(LacriptaError.rateLimited(.init(cooldownSeconds: seconds)).userMessage.contains(advice))
        #expect(LacriptaError.sourceRateLimited("CoinGecko", retryAfter: seconds, hint: "h").userMessage.contains(advice))
    }

    @Test(
        "timestamps before 2009 or past year 9999 read as missing",
        arguments: [("1.6e13", nil), ("-1", nil), ("1e308", nil), ("1000000000", nil), ("1700000000", 1_700_000_000.0)] as [(String, Double?)])
    func implausibleTimestamps(seconds: String, expected: Double?) throws {
        let toplist = #"{"Data":[{"CoinInfo":{"Name":"AAA"},"RAW":{"USD":{"PRICE":1,"LASTUPDATE":\#(seconds)}}}]}"#
        let coin = try #require(try ToplistResponse.decode(Data(toplist.utf8), currency: "USD", rankOffset: 0).coins.first)
        #expect(coin.quote?.lastUpdate == expected.map(Date.init(timeIntervalSince1970:)))

        let news = #"{"Data":[{"id":"1","title":"T","published_on":\#(seconds)}]}"#
        let article = try #require(try NewsResponse.decode(Data(news.utf8)).first)
        #expect(article.publishedOn == Date(timeIntervalSince1970: expected ?? 0))

        let update = #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","PRICE":1,"LASTUPDATE":\#(seconds)}"#
        guard case .update(let parsed) = StreamerParser().parse(Array(update.utf8)) else {
            Issue.record("not parsed as an update")
            return
        }
        #expect(parsed.fields.lastUpdate == expected.map { Int($0) })
    }
}
