import Foundation
import Testing

@testable import LacriptaCore

/// `/coins/{id}/market_chart`, `/search` and `/coins/list` (reference §1.7–1.9).
@Suite("CoinGecko charts and listings")
struct CoinGeckoListingTests {
    @Test("the recorded one-day chart: millisecond timestamps off any grid, prices to the last digit")
    func oneDayChart() throws {
        let history = try CoinGeckoMarketChartResponse.decode(RecordedFixture.data("coingecko-market-chart-bitcoin-1.json"))
        #expect(
            history.points == [
                PricePoint(date: Date(timeIntervalSince1970: 1_758_915_480.620), close: 109_195.08820218979),
                PricePoint(date: Date(timeIntervalSince1970: 1_758_915_761.559), close: 109_128.38013801574),
            ])
    }

    @Test("the 30-day daily chart: 30 midnights then the off-grid now point, one close per UTC day")
    func thirtyDayChart() throws {
        let history = try CoinGeckoMarketChartResponse.decode(RecordedFixture.data("coingecko-market-chart-bitcoin-30.json"))
        #expect(history.points.count == 31)
        #expect(history.points.first?.date == Date(timeIntervalSince1970: 1_774_742_400))  // 2026-03-29T00:00Z
        #expect(history.points.dropLast().allSatisfy { $0.date.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) == 0 })
        #expect(history.points.last == PricePoint(date: Date(timeIntervalSince1970: 1_777_257_414.27), close: 79092))
        // The now point shares its UTC day with the last midnight, so it replaces it as that day's close.
        let daily = history.dailyCloses()
        #expect(daily.points.count == 30)
        #expect(daily.points.last?.close == 79092)
        #expect(daily.points.first == history.points.first)
    }

    @Test("an hourly series reduces to the last price of each UTC day")
    func dailyFromHourly() {
        let hourly = (0..<50).map { PricePoint(date: Date(timeIntervalSince1970: 1_700_000_000 + Double($0) * 3600), close: Double($0)) }
        let daily = PriceHistory(points: hourly).dailyCloses()
        // 1_700_000_000 is 2023-11-14T22:13:20Z: 2 hours that day, 24 the next, 24 the next.
        #expect(daily.points.map(\.close) == [1, 25, 49])
    }

    @Test("points are kept in time order, a repeated instant once, odd points skipped")
    func lenientPoints() throws {
        let json = #"{"prices":[[3000,3.0],[1000,"1.5"],[2000,null],[2000.0,2.0,9],null,[1000,1.0],[4000]],"market_caps":[]}"#
        let history = try CoinGeckoMarketChartResponse.decode(Data(json.utf8))
        #expect(
            history.points == [
                PricePoint(date: Date(timeIntervalSince1970: 1), close: 1.0), PricePoint(date: Date(timeIntervalSince1970: 3), close: 3.0),
            ])
    }

    @Test("a chart without prices is an error naming the field; an empty one is an empty history")
    func chartShape() throws {
        #expect {
            _ = try CoinGeckoMarketChartResponse.decode(Data(#"{"market_caps":[]}"#.utf8))
        } throws: { error in
            (error as? DecodingError)?.pathDescription == "prices: missing field"
        }
        #expect(try CoinGeckoMarketChartResponse.decode(Data(#"{"prices":[]}"#.utf8)).points.isEmpty)
    }

    @Test("the recorded search for eth: upper-case symbols with ranks; exchanges and NFTs ignored")
    func search() throws {
        let coins = try CoinGeckoSearchResponse.decode(RecordedFixture.data("coingecko-search-eth.json"))
        #expect(
            coins == [
                CoinListEntry(id: "ethereum", symbol: "ETH", name: "Ethereum", marketCapRank: 2),
                CoinListEntry(id: "ethereum-classic", symbol: "ETC", name: "Ethereum Classic", marketCapRank: 27),
            ])
        #expect(try CoinGeckoSearchResponse.decode(RecordedFixture.data("coingecko-search-none.json")).isEmpty)
    }

    @Test("the recorded id list: lower-case symbols upper-cased, repeats kept, no ranks")
    func coinList() throws {
        let entries = try CoinGeckoCoinListResponse.decode(RecordedFixture.data("coingecko-coins-list.json"))
        #expect(entries.count == 12)
        #expect(entries.first == CoinListEntry(id: "01coin", symbol: "ZOC", name: "01coin"))
        #expect(entries.filter { $0.symbol == "ETH" }.map(\.id) == ["bridged-wrapped-ether-starkgate", "ethereum", "ethereum-wormhole"])
        #expect(entries.allSatisfy { $0.marketCapRank == nil })
    }

    @Test("choosing among repeated tickers: rank first, then ticker before name, then listing order")
    func matching() throws {
        let listed = try CoinGeckoCoinListResponse.decode(RecordedFixture.data("coingecko-coins-list.json"))
        // Unranked: ticker matches in listing order.
        #expect(CoinListEntry.matches(for: "eth", in: listed).map(\.id) == ["bridged-wrapped-ether-starkgate", "ethereum", "ethereum-wormhole"])
        // Once search has supplied ranks, the ranked coin wins.
        let ranked = listed.map { entry in
            var entry = entry
            entry.marketCapRank = ["ethereum": 2, "bitcoin": 1, "harrypotterobamasonic10inu": 611][entry.id]
            return entry
        }
        #expect(CoinListEntry.matches(for: " ETH ", in: ranked).first?.id == "ethereum")
        // A squatted ticker (BITCOIN) does not beat the coin named Bitcoin.
        #expect(CoinListEntry.matches(for: "bitcoin", in: ranked).map(\.id) == ["bitcoin", "harrypotterobamasonic10inu"])
        #expect(CoinListEntry.matches(for: "Polkadot", in: ranked).map(\.id) == ["polkadot"])
        #expect(CoinListEntry.matches(for: "", in: ranked).isEmpty)
        #expect(CoinListEntry.matches(for: "bit", in: ranked).isEmpty)
    }
}
