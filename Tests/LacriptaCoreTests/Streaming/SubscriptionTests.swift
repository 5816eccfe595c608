import Foundation
import LacriptaCore
import LacriptaWebSocket
import Testing

@Suite("Subscription strings and requests")
struct SubscriptionTests {
    @Test("formats and parses TYPE~MARKET~FROM~TO, upper-casing symbols")
    func roundTrip() throws {
        let subscription = try #require(Subscription.aggregate(from: "btc", to: "usd"))
        #expect(subscription.description == "5~CCCAGG~BTC~USD")
        #expect(Subscription(parsing: "5~CCCAGG~BTC~USD") == subscription)
        let ticker = try #require(Subscription(parsing: "2~Coinbase~eth~usdt"))
        #expect(ticker.channel == 2)
        #expect(ticker.market == "Coinbase")
        #expect(ticker.description == "2~Coinbase~ETH~USDT")
        #expect(ticker.pair == PairKey(market: "Coinbase", from: "ETH", to: "USDT"))
    }

    @Test(
        "rejects malformed subscription strings",
        arguments: ["", "5~CCCAGG~BTC", "5~CCCAGG~BTC~USD~m", "x~CCCAGG~BTC~USD", "5~~BTC~USD", "5~CCCAGG~B\"C~USD", "5~CCCAGG~BTC~U SD", "11~BTC"]
    )
    func rejectsMalformed(text: String) {
        #expect(Subscription(parsing: text) == nil)
    }

    @Test("SubAdd and SubRemove are the documented JSON objects")
    func requestJSON() throws {
        let subs = try [#require(Subscription(parsing: "5~CCCAGG~BTC~USD")), #require(Subscription(parsing: "5~CCCAGG~ETH~USD"))]
        let add = SubscriptionRequest(action: .add, subscriptions: subs)
        #expect(add.json == #"{"action":"SubAdd","subs":["5~CCCAGG~BTC~USD","5~CCCAGG~ETH~USD"]}"#)
        let remove = SubscriptionRequest(action: .remove, subscriptions: [subs[1]])
        let object = try #require(JSONSerialization.jsonObject(with: Data(remove.json.utf8)) as? [String: Any])
        #expect(object["action"] as? String == "SubRemove")
        #expect(object["subs"] as? [String] == ["5~CCCAGG~ETH~USD"])
        #expect(remove.message.kind == .text)
    }
}
