import Foundation
import Testing

@testable import LacriptaCore

@Suite("Coin name resolution")
struct CoinResolverTests {
    private func resolver() throws -> CoinResolver {
        let categories = try NewsCategoriesResponse.decode(RecordedFixture.data("news-categories.json"))
        let list = try ToplistResponse.decode(RecordedFixture.data("toplist-usd-50.json"), currency: "USD", rankOffset: 0)
        return CoinResolver(categories: categories, coins: list.coins)
    }

    @Test("symbols and names resolve in any case", arguments: ["ETH", "eth", "ethereum", "Ethereum", " ETHEREUM "])
    func ethereum(input: String) throws {
        #expect(try resolver().category(for: input) == "ETH")
    }

    @Test("a name resolves to the coin's own category, not a broad topic that lists it too")
    func withoutToplist() throws {
        let categories = try NewsCategoriesResponse.decode(RecordedFixture.data("news-categories.json"))
        let resolver = CoinResolver(categories: categories, coins: [])
        #expect(resolver.category(for: "ethereum") == "ETH")
        #expect(resolver.category(for: "Solana") == "SOL")
        #expect(resolver.category(for: "cryptocurrency") == "CRYPTOCURRENCY")
    }

    @Test("toplist names resolve to their ticker")
    func toplistName() throws {
        #expect(try resolver().category(for: "pepe") == "PEPE")
        #expect(try resolver().category(for: "Wrapped Bitcoin") == "WBTC")
    }

    @Test("prefixes and unknown words do not resolve")
    func unknown() throws {
        #expect(try resolver().category(for: "ethe") == nil)
        #expect(try resolver().category(for: "notacoin") == nil)
        #expect(try resolver().category(for: "") == nil)
    }
}
