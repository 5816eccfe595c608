import Foundation
import Testing

@testable import LacriptaCore

/// `/coins/{id}` → `CoinDetail` (reference §1.6): currency maps, records with dates, supplies.
@Suite("CoinGecko coin detail")
struct CoinGeckoCoinTests {
    private func detail(_ file: String, _ currency: String) throws -> CoinDetail {
        try CoinGeckoCoinResponse.decode(RecordedFixture.data(file), currency: currency)
    }

    @Test("the recorded Ethereum body (2025-02-14) in USD")
    func ethereumUSD() throws {
        let eth = try detail("coingecko-coin-ethereum.json", "USD")
        #expect(eth.id == "ethereum")
        #expect(eth.symbol == "ETH")
        #expect(eth.name == "Ethereum")
        #expect(eth.marketCapRank == 2)
        #expect(eth.quote.currency == "USD")
        #expect(eth.quote.price == 2694.15)
        #expect(eth.quote.marketCap == 324_819_019_743)
        #expect(eth.quote.volume24h == 18_011_098_825)
        #expect(eth.quote.high24h == 2724.21)
        #expect(eth.quote.low24h == 2619.67)
        #expect(eth.quote.change24h == -28.468197850417255)
        #expect(eth.quote.changePercent24h == -1.04562)
        #expect(eth.quote.changePercentHour == -0.38994)
        #expect(eth.quote.changeDay == nil)
        #expect(eth.quote.lastUpdate == Date(timeIntervalSince1970: 1_739_511_607.774))
        #expect(eth.allTimeHigh == PriceRecord(price: 4878.26, date: Date(timeIntervalSince1970: 1_636_554_259.604), changePercent: -44.65725))
        #expect(eth.allTimeLow == PriceRecord(price: 0.432979, date: Date(timeIntervalSince1970: 1_445_299_200), changePercent: 623_432.41751))
        #expect(eth.changePercent7d == -0.954)
        #expect(eth.changePercent30d == -16.47229)
        #expect(eth.changePercent1y == 2.50225)
        #expect(eth.circulatingSupply == 120_547_760.0137619)
        #expect(eth.totalSupply == 120_547_760.0137619)
        #expect(eth.maxSupply == nil)
        #expect(eth.maxSupplyIsInfinite == true)
        #expect(eth.fullyDilutedValuation == 324_819_019_743)
        #expect(eth.homepage == "https://www.ethereum.org/")
        #expect(eth.categories == ["Smart Contract Platform", "Layer 1 (L1)", "…"])
        #expect(eth.descriptionHTML?.hasPrefix("Ethereum is a global, open-source platform") == true)
    }

    @Test("the same body in BTC reads the btc entries, and the currency is matched case-insensitively")
    func ethereumBTC() throws {
        let eth = try detail("coingecko-coin-ethereum.json", "BTC")
        #expect(eth.quote.currency == "BTC")
        #expect(eth.quote.price == 0.02785102)
        #expect(eth.quote.change24h == -0.000290739745482781)
        #expect(eth.quote.changePercent24h == -1.03313)
        #expect(eth.allTimeHigh?.price == 0.1474984)
        #expect(eth.allTimeHigh?.date == Date(timeIntervalSince1970: 1_497_225_600))
        #expect(eth.changePercent7d == -0.18775)
    }

    @Test("a currency the maps lack gives no figures, never USD figures in disguise")
    func missingCurrency() throws {
        let eth = try detail("coingecko-coin-ethereum.json", "EUR")
        #expect(eth.quote.price == nil)
        #expect(eth.quote.change24h == nil)
        #expect(eth.quote.changePercent24h == nil)
        #expect(eth.allTimeHigh == nil)
        #expect(eth.changePercent7d == nil)
        // Supplies are in coins, not money, so they stay.
        #expect(eth.circulatingSupply == 120_547_760.0137619)
        #expect(eth.marketCapRank == 2)
    }

    @Test("Bitcoin (2024 shape): homepage padded with empty strings, btc 1.0, no max_supply_infinite, eur missing from one map")
    func bitcoinQuirks() throws {
        let btc = try detail("coingecko-coin-bitcoin.json", "eur")
        #expect(btc.homepage == "http://www.bitcoin.org")
        #expect(btc.maxSupply == 21_000_000.0)
        #expect(btc.maxSupplyIsInfinite == nil)
        #expect(btc.quote.price == 62143)
        #expect(btc.quote.changePercent24h == -0.59497)
        #expect(btc.quote.changePercentHour == nil)  // the 1h map has no eur
        #expect(btc.quote.changeHour == nil)
        #expect(btc.descriptionHTML?.contains("\r\n\r\n") == true)
        #expect(btc.allTimeHigh?.date == Date(timeIntervalSince1970: 1_710_400_236.635))
        let inBTC = try detail("coingecko-coin-bitcoin.json", "btc")
        #expect(inBTC.quote.price == 1.0)
    }

    @Test("without market_data only the identity is known")
    func noMarketData() throws {
        let json = #"{"id":"x","symbol":"xx","name":"X","market_data":null,"links":{"homepage":[null,""]},"categories":[null,"A"]}"#
        let detail = try CoinGeckoCoinResponse.decode(Data(json.utf8), currency: "USD")
        #expect(detail == CoinDetail(id: "x", symbol: "XX", name: "X", quote: Quote(currency: "USD"), categories: ["A"]))
    }

    @Test("a body without a name is an error naming the field")
    func missingName() {
        #expect {
            _ = try CoinGeckoCoinResponse.decode(Data(#"{"id":"x","symbol":"x"}"#.utf8), currency: "USD")
        } throws: { error in
            (error as? DecodingError)?.pathDescription == "name: missing field"
        }
    }
}
