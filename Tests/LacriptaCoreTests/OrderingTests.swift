import Foundation
import Testing

@testable import LacriptaCore

@Suite("Sorting coins and news")
struct OrderingTests {
    private func coins() throws -> [Coin] {
        try ToplistResponse.decode(RecordedFixture.data("toplist-usd-50.json"), currency: "USD", rankOffset: 0).coins
    }

    private func articles() throws -> [NewsArticle] {
        try NewsResponse.decode(RecordedFixture.data("news-eth.json"))
    }

    @Test("price sort puts the dearest first and coins without data last")
    func byPrice() throws {
        let sorted = CoinOrder.price.apply(to: try coins(), period: .rolling24h)
        let prices = sorted.compactMap { $0.quote?.price }
        #expect(prices == prices.sorted(by: >))
        #expect(sorted.last?.symbol == "UMA")
        let reversed = CoinOrder.price.apply(to: try coins(), period: .rolling24h, reversed: true)
        #expect(reversed.compactMap { $0.quote?.price } == prices.reversed())
        #expect(reversed.last?.symbol == "UMA")
    }

    @Test("change sort follows the chosen period")
    func byChange() throws {
        let hour = CoinOrder.change.apply(to: try coins(), period: .hour).compactMap { $0.quote?.changePercentHour }
        #expect(hour == hour.sorted(by: >))
        let day = CoinOrder.change.apply(to: try coins(), period: .day).compactMap { $0.quote?.changePercentDay }
        #expect(day == day.sorted(by: >))
    }

    @Test("name sort is alphabetical, case-insensitive; rank sort restores the service order")
    func byNameAndRank() throws {
        let byName = CoinOrder.name.apply(to: try coins(), period: .rolling24h)
        let names = byName.map { $0.name.lowercased() }
        #expect(names == names.sorted())
        #expect(CoinOrder.rank.apply(to: byName, period: .rolling24h).map(\.rank) == Array(1...50))
    }

    @Test("oldest reverses the service's latest-first order")
    func oldest() throws {
        var rng = SplitMix64(seed: 1)
        let oldest = NewsOrder.oldest.apply(to: try articles(), using: &rng)
        #expect(oldest.first?.id == "9048851")
        #expect(oldest.map(\.publishedOn) == oldest.map(\.publishedOn).sorted())
        let latest = NewsOrder.latest.apply(to: oldest, using: &rng)
        #expect(latest.map(\.id) == (try articles()).map(\.id))
    }

    @Test("random is a reproducible permutation for a seed")
    func random() throws {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        var other = SplitMix64(seed: 43)
        let a = NewsOrder.random.apply(to: try articles(), using: &first)
        let b = NewsOrder.random.apply(to: try articles(), using: &second)
        let c = NewsOrder.random.apply(to: try articles(), using: &other)
        #expect(a.map(\.id) == b.map(\.id))
        #expect(a.map(\.id) != c.map(\.id))
        #expect(Set(a.map(\.id)) == Set(try articles().map(\.id)))
    }
}
