import Foundation
import Testing

@testable import LacriptaCore

/// `/coins/markets` → `Toplist`, against the recorded body (reference §1.5) and its quirks.
@Suite("CoinGecko markets")
struct CoinGeckoMarketsTests {
    private func recorded() throws -> Toplist {
        try CoinGeckoMarketsResponse.decode(RecordedFixture.data("coingecko-markets-usd.json"), currency: "USD")
    }

    @Test("the recorded page decodes in market-cap order with upper-case tickers and CoinGecko ids")
    func recordedPage() throws {
        let list = try recorded()
        #expect(list.currency == "USD")
        #expect(list.coins.map(\.rank) == [1, 2, 3])
        #expect(list.coins.map(\.symbol) == ["BTC", "ETH", "USDT"])
        #expect(list.coins.map(\.name) == ["Bitcoin", "Ethereum", "Tether"])
        #expect(list.coins.map(\.sourceID) == ["bitcoin", "ethereum", "tether"])
    }

    @Test("Bitcoin's figures: whole numbers without .0, supplies with it, the ISO date with milliseconds")
    func bitcoinQuote() throws {
        let quote = try #require(try recorded().coins.first?.quote)
        #expect(quote.currency == "USD")
        #expect(quote.price == 79092)
        #expect(quote.marketCap == 1_585_131_320_240)
        #expect(quote.volume24h == 27_034_822_093)
        #expect(quote.high24h == 79400)
        #expect(quote.low24h == 77352)
        #expect(quote.change24h == 1530.12)
        #expect(quote.changePercent24h == 1.97277)
        #expect(quote.supply == 20_021_265.0)
        #expect(quote.lastUpdate == Date(timeIntervalSince1970: 1_777_257_414.27))
        #expect(quote.changePercentHour == 0.130387979423434)
    }

    @Test("CoinGecko has no since-midnight change; the hour's absolute change is derived from its percent")
    func changePeriods() throws {
        let quote = try #require(try recorded().coins.first?.quote)
        #expect(quote.changeDay == nil)
        #expect(quote.changePercentDay == nil)
        let hour = try #require(quote.changeHour)
        // 79092 now, 0.1304% up on the hour: it was 78989.0… an hour ago.
        #expect(abs(hour - (79092 - 79092 / 1.00130387979423434)) < 1e-9)
        #expect(hour > 102.9 && hour < 103.0)
        #expect(CoinGeckoMarketsResponse.changePeriods == [.rolling24h, .hour])
    }

    @Test("Tether: a tiny change in exponent form, null max supply and roi")
    func tetherQuirks() throws {
        let tether = try #require(try recorded().coins.last)
        #expect(tether.quote?.change24h == -1.3598074124488e-05)
        #expect(tether.quote?.price == 0.999912)
    }

    @Test("ranks continue from the offset of earlier pages")
    func rankOffset() throws {
        let list = try CoinGeckoMarketsResponse.decode(RecordedFixture.data("coingecko-markets-usd.json"), currency: "usd", rankOffset: 250)
        #expect(list.coins.map(\.rank) == [251, 252, 253])
        #expect(list.currency == "usd")
    }

    @Test("a null market_cap_rank, a missing 1h window, strings for numbers, huge and tiny prices")
    func quirks() throws {
        let json = #"""
            [{"id":"bitcoin","symbol":"btc","name":"Bitcoin","current_price":1.2e+15,"market_cap":3.681561438496326e+15,
              "market_cap_rank":null,"price_change_percentage_24h":"2.5","total_volume":"n/a","circulating_supply":1e300},
             {"id":"shib","symbol":"shib","name":"Shiba Inu","current_price":1.005e-05,"market_cap_rank":1e30,
              "price_change_percentage_1h_in_currency":null,"last_updated":"not a date"}]
            """#
        let list = try CoinGeckoMarketsResponse.decode(Data(json.utf8), currency: "USD")
        let big = try #require(list.coins.first?.quote)
        #expect(big.price == 1.2e15)
        #expect(big.marketCap == 3.681561438496326e15)
        #expect(big.changePercent24h == 2.5)
        #expect(big.volume24h == nil)
        #expect(big.supply == 1e300)
        #expect(big.changePercentHour == nil)
        #expect(big.changeHour == nil)
        let tiny = try #require(list.coins.last)
        #expect(tiny.rank == 2)
        #expect(tiny.quote?.price == 1.005e-05)
        #expect(tiny.quote?.changePercentHour == nil)
        #expect(tiny.quote?.lastUpdate == nil)
    }

    @Test("one coin without its id is dropped, and the others keep their places")
    func oddCoinDropped() throws {
        let json =
            #"[{"id":"bitcoin","symbol":"btc","name":"Bitcoin"},{"symbol":"eth","name":"Ethereum"},{"id":"tether","symbol":"usdt","name":"Tether"}]"#
        let list = try CoinGeckoMarketsResponse.decode(Data(json.utf8), currency: "USD")
        #expect(list.coins.map(\.symbol) == ["BTC", "USDT"])
        #expect(list.coins.map(\.rank) == [1, 3])
    }

    @Test("a page where no coin decodes is a changed schema: the error names the field path")
    func changedSchema() {
        let json = #"[{"id":"bitcoin","ticker":"btc","name":"Bitcoin"}]"#
        #expect {
            _ = try CoinGeckoMarketsResponse.decode(Data(json.utf8), currency: "USD")
        } throws: { error in
            (error as? DecodingError)?.pathDescription == "[0].symbol: missing field"
        }
        #expect {
            _ = try CoinGeckoMarketsResponse.decode(Data(#"{"error":"invalid vs_currency"}"#.utf8), currency: "USD")
        } throws: { error in
            (error as? DecodingError)?.pathDescription == "(top level): expected an object or array"
        }
    }

    @Test("past the last page CoinGecko answers [], an empty toplist")
    func emptyPage() throws {
        #expect(try CoinGeckoMarketsResponse.decode(Data("[]".utf8), currency: "USD").coins.isEmpty)
    }
}
