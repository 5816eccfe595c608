import Testing

@testable import LacriptaCore

/// Search ranking over a coin list: what a person typing a ticker or a name expects to see first.
@Suite("Coin search")
struct CoinSearchTests {
    /// A list in the shape of CoinGecko's: no ranks, tickers repeated, a squatted ticker.
    static let list = [
        CoinListEntry(id: "bridged-wrapped-ether-starkgate", symbol: "ETH", name: "Bridged Ether (StarkGate)"),
        CoinListEntry(id: "ethereum", symbol: "ETH", name: "Ethereum"),
        CoinListEntry(id: "ethereum-classic", symbol: "ETC", name: "Ethereum Classic"),
        CoinListEntry(id: "ethereum-wormhole", symbol: "ETH", name: "Ethereum (Wormhole)"),
        CoinListEntry(id: "bitcoin", symbol: "BTC", name: "Bitcoin"),
        CoinListEntry(id: "harrypotterobamasonic10inu", symbol: "BITCOIN", name: "HarryPotterObamaSonic10Inu (ETH)"),
        CoinListEntry(id: "wrapped-bitcoin", symbol: "WBTC", name: "Wrapped Bitcoin"),
        CoinListEntry(id: "tether", symbol: "USDT", name: "Tether"),
        CoinListEntry(id: "cosmos", symbol: "ATOM", name: "Cosmos Hub"),
    ]
    /// Ranks as the cached toplist gives them, by id upper-cased.
    static let ranks = ["BITCOIN": 1, "ETHEREUM": 2, "TETHER": 3, "WRAPPED-BITCOIN": 14, "ETHEREUM-CLASSIC": 25]

    private let search = CoinSearch(entries: CoinSearchTests.list, ranks: CoinSearchTests.ranks)

    @Test("an exact ticker comes first, its namesakes ranked by market cap (unranked after), then prefix and substring matches")
    func exactSymbolClash() {
        let results = search.search("eth", limit: 10)
        #expect(
            results.map(\.coin.id) == [
                "ethereum", "ethereum-wormhole", "bridged-wrapped-ether-starkgate", "ethereum-classic", "harrypotterobamasonic10inu", "tether",
            ])
        #expect(results.prefix(3).allSatisfy { $0.kind == .exactSymbol && $0.sameSymbol == 3 })
        #expect(results[0].rank == 2 && results[1].rank == nil)
        #expect(results.dropFirst(3).map(\.kind) == [.prefix, .prefix, .substring])
        #expect(results[3].sameSymbol == 1)
    }

    @Test("a name beats a squatted ticker only when the ticker is not the query: bitcoin's exact ticker match wins")
    func squattedTicker() {
        let results = search.search("bitcoin")
        #expect(results.map(\.coin.id) == ["harrypotterobamasonic10inu", "bitcoin", "wrapped-bitcoin"])
        #expect(results.map(\.kind) == [.exactSymbol, .exactName, .prefix])
    }

    @Test("names match case-insensitively by prefix of any word, then anywhere; ties go to the better rank")
    func prefixAndSubstring() {
        #expect(search.search("HUB").map(\.coin.id) == ["cosmos"])
        #expect(search.search("hub").first?.kind == .prefix)
        #expect(
            search.search("ther").map(\.coin.id) == [
                "ethereum", "tether", "ethereum-classic", "ethereum-wormhole", "bridged-wrapped-ether-starkgate",
            ])
        #expect(search.search("ther").allSatisfy { $0.kind == .substring })
        #expect(search.search("wrapped").map(\.coin.id) == ["wrapped-bitcoin"])
    }

    @Test("the limit cuts after ranking; a blank query or no match gives nothing")
    func limits() {
        #expect(search.search("e", limit: 2).count == 2)
        #expect(search.search("   ").isEmpty)
        #expect(search.search("qqqq").isEmpty)
    }

    @Test("a list's own rank (CoinGecko's search) wins over the toplist's")
    func ownRank() {
        let entries = [
            CoinListEntry(id: "a", symbol: "AAA", name: "Alpha", marketCapRank: 9), CoinListEntry(id: "b", symbol: "AAA", name: "Alpha Two"),
        ]
        let search = CoinSearch(entries: entries, ranks: ["A": 50, "B": 3])
        #expect(search.search("aaa").map(\.coin.id) == ["b", "a"])
        #expect(search.search("aaa").map(\.rank) == [3, 9])
    }

    @Test("tickers for the store: a ticker as typed, an exact name to its best coin's ticker, the rest unknown")
    func tickers() {
        #expect(search.ticker(for: " btc ") == "BTC")
        #expect(search.ticker(for: "Ethereum") == "ETH")
        #expect(search.ticker(for: "cosmos") == "ATOM")
        #expect(search.ticker(for: "cosm") == nil)
        let split = search.tickers(for: ["eth", "nope", "ETH", "tether", "zz top"])
        #expect(split.known == ["ETH", "USDT"])
        #expect(split.unknown == ["nope", "zz top"])
    }

    @Test("non-ASCII names fold case too")
    func unicode() {
        let search = CoinSearch(entries: [CoinListEntry(id: "oe", symbol: "ÖRE", name: "Öresund Coin")])
        #expect(search.search("öre").first?.kind == .exactSymbol)
        #expect(search.search("ÖRESUND").first?.kind == .prefix)
    }
}
