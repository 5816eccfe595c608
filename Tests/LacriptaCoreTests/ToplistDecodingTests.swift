import Foundation
import Testing

@testable import LacriptaCore

@Suite("Toplist decoding")
struct ToplistDecodingTests {
    @Test("the recorded top 50 decodes in rank order with RAW figures")
    func recordedToplist() throws {
        let list = try ToplistResponse.decode(RecordedFixture.data("toplist-usd-50.json"), currency: "USD", rankOffset: 0)
        #expect(list.coins.count == 50)
        let btc = try #require(list.coins.first)
        #expect(btc.rank == 1)
        #expect(btc.symbol == "BTC")
        #expect(btc.name == "Bitcoin")
        let quote = try #require(btc.quote)
        #expect(quote.price == 62549.6479118955)
        #expect(quote.marketCap != nil)
        #expect(quote.changePercent24h != nil)
        #expect(list.coins.map(\.rank) == Array(1...50))
    }

    @Test("a coin without a RAW block is kept, with no quote")
    func missingRaw() throws {
        let list = try ToplistResponse.decode(RecordedFixture.data("toplist-usd-50.json"), currency: "USD", rankOffset: 0)
        let uma = try #require(list.coins.first { $0.symbol == "UMA" })
        #expect(uma.rank == 50)
        #expect(uma.quote == nil)
    }

    @Test("JS-style tiny numbers decode exactly")
    func tinyNumbers() throws {
        let list = try ToplistResponse.decode(RecordedFixture.data("toplist-usd-50.json"), currency: "USD", rankOffset: 0)
        let pepe = try #require(list.coins.first { $0.symbol == "PEPE" })
        #expect(pepe.quote?.price == 0.0000102751275982814)
    }

    @Test("the verbatim 2021 item decodes (older field set, FLAGS 2049)")
    func verbatim2021() throws {
        let list = try ToplistResponse.decode(RecordedFixture.data("toplist-verbatim-2021-1item.json"), currency: "USD", rankOffset: 0)
        #expect(list.coins.count == 1)
        #expect(list.coins.first?.quote?.price == 59593.72)
    }

    @Test("numbers sent as strings, exponent forms and missing fields are tolerated")
    func lenientNumbers() throws {
        let json = """
            {"Message":"Success","Type":100,"Data":[
             {"CoinInfo":{"Name":"AAA"},"RAW":{"EUR":{"PRICE":"12.5","CHANGEPCT24HOUR":-3.1e-8,"MKTCAP":"n/a","FLAGS":"4"}}}]}
            """
        let list = try ToplistResponse.decode(Data(json.utf8), currency: "EUR", rankOffset: 10)
        let coin = try #require(list.coins.first)
        #expect(coin.rank == 11)
        #expect(coin.name == "AAA")
        #expect(coin.quote?.price == 12.5)
        #expect(coin.quote?.changePercent24h == -3.1e-8)
        #expect(coin.quote?.marketCap == nil)
        #expect(coin.quote?.currency == "EUR")
    }

    @Test("RAW for another currency than asked gives no quote rather than wrong prices")
    func wrongCurrency() throws {
        let list = try ToplistResponse.decode(RecordedFixture.data("toplist-usd-50.json"), currency: "EUR", rankOffset: 0)
        #expect(list.coins.allSatisfy { $0.quote == nil })
    }

    @Test(
        "one coin with a RAW that is not an object of objects shows no market data; the others are untouched",
        arguments: [#"{"USD":null}"#, #"{"USD":5}"#, #"{"USD":[1]}"#, "[]", #""x""#, "null"])
    func oddRawBlock(raw: String) throws {
        let json = """
            {"Data":[{"CoinInfo":{"Name":"AAA"},"RAW":{"USD":{"PRICE":1.5}}},
             {"CoinInfo":{"Name":"BAD","FullName":7},"RAW":\(raw)},
             {"CoinInfo":{"Name":"CCC"},"RAW":{"USD":{"PRICE":"2"}}}]}
            """
        let list = try ToplistResponse.decode(Data(json.utf8), currency: "USD", rankOffset: 0)
        #expect(list.coins.map(\.symbol) == ["AAA", "BAD", "CCC"])
        #expect(list.coins.map(\.quote?.price) == [1.5, nil, 2])
        #expect(list.coins[1].name == "BAD", "a FullName that is not a string falls back to the ticker")
    }

    @Test("a coin without a usable name is left out, and the ranks still follow the service's order")
    func unnamedCoinSkipped() throws {
        let json = #"{"Data":[{"CoinInfo":{"Name":"AAA"}},{"CoinInfo":{"Name":42}},{"RAW":{}},{"CoinInfo":{"Name":"DDD"}}]}"#
        let list = try ToplistResponse.decode(Data(json.utf8), currency: "USD", rankOffset: 0)
        #expect(list.coins.map(\.symbol) == ["AAA", "DDD"])
        #expect(list.coins.map(\.rank) == [1, 4])
    }

    @Test("a wrong shape names the field path")
    func wrongShape() throws {
        let json = #"{"Data":[{"CoinInfo":{"Name":42}}]}"#
        do {
            _ = try ToplistResponse.decode(Data(json.utf8), currency: "USD", rankOffset: 0)
            Issue.record("expected a decoding error")
        } catch {
            #expect(error.pathDescription == "Data[0].CoinInfo.Name: expected a string")
        }
    }
}
