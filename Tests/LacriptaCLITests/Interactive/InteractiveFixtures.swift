import Foundation
import LacriptaCore
import LacriptaTerminal

@testable import LacriptaCLI

/// Models, coins and articles for the interactive view's tests: a fixed clock, a fixed window,
/// and data whose order under each sort is easy to tell.
enum InteractiveFixtures {
    /// The fixed "now" of every test: 2024-03-20 12:00:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_710_936_000)
    /// The standard test window: 80×24.
    static let size = TerminalSize(columns: 80, rows: 24)

    /// `count` coins C01, C02, …: rank i, price 1000/i (so price order is rank order), change
    /// alternating up and down, volume rising with rank (so volume order is reversed rank).
    static func coins(_ count: Int, currency: String = "USD") -> [Coin] {
        (1...max(1, count)).map { rank in
            let symbol = String(format: "C%02d", rank)
            let quote = Quote(
                currency: currency, price: 1000 / Double(rank), change24h: rank.isMultiple(of: 2) ? -1 : 1,
                changePercent24h: rank.isMultiple(of: 2) ? -Double(rank) : Double(rank), changeDay: 0.5,
                changePercentDay: Double(100 - rank), changeHour: 0.1, changePercentHour: 0.1, volume24h: Double(rank) * 1_000,
                marketCap: 1_000_000 / Double(rank), high24h: 1100 / Double(rank), low24h: 900 / Double(rank))
            return Coin(rank: rank, symbol: symbol, name: "Coin \(rank)", quote: quote)
        }
    }

    /// Bitcoin and Ether with realistic figures, for frames a person would recognise.
    static let bitcoinAndEther = [
        Coin(
            rank: 1, symbol: "BTC", name: "Bitcoin",
            quote: Quote(currency: "USD", price: 62_549.65, change24h: 1_057.23, changePercent24h: 1.72, volume24h: 20.9e9, marketCap: 1.23e12)),
        Coin(
            rank: 2, symbol: "ETH", name: "Ethereum",
            quote: Quote(currency: "USD", price: 2_935.30, change24h: 17.41, changePercent24h: 0.60, volume24h: 8.02e9, marketCap: 352.6e9)),
    ]

    /// `count` articles, the first published an hour before `now` and each one an hour older.
    static func articles(_ count: Int) -> [NewsArticle] {
        (1...max(1, count)).map { index in
            NewsArticle(
                id: "\(index)", title: "Headline number \(index)", url: "https://example.com/\(index)",
                body: "Body of article \(index). " + String(repeating: "More words follow here. ", count: 120),
                publishedOn: now.addingTimeInterval(-3600 * Double(index)), source: "Source \(index)",
                categories: ["BTC"], tags: [])
        }
    }

    /// A model at `now` in `size`, with the toplist of `coins` loaded.
    static func model(
        coins: [Coin] = coins(50), size: TerminalSize = size, live: Bool = false, options: InteractiveOptions? = nil
    ) -> InteractiveModel {
        var model = InteractiveModel(
            options: options ?? InteractiveOptions(currency: "USD", configured: ["USD", "EUR", "GBP"]), size: size, now: now,
            liveEnabled: live, seed: 7)
        _ = model.start()
        _ = model.handle(.toplistLoaded(currency: "USD", .success(Fetched(value: Toplist(currency: "USD", coins: coins), fetchedAt: now))), at: now)
        return model
    }
}

extension InteractiveModel {
    /// Feeds keys at the model's current time and returns every effect they produced.
    @discardableResult
    mutating func press(_ keys: Key...) -> [InteractiveEffect] {
        keys.flatMap { handle(.key($0), at: now) }
    }

    /// Types `text` one character at a time.
    @discardableResult
    mutating func type(_ text: String) -> [InteractiveEffect] {
        text.flatMap { handle(.key(.character($0)), at: now) }
    }

    /// The frame as plain text lines without trailing spaces (the highlight pads the selected row).
    var plainFrame: [String] {
        InteractiveRenderer(colorEnabled: true).frame(self).map { $0.trimmingTrailingSpaces().plainText }
    }

    /// The symbols in the toplist window, top to bottom.
    var visibleSymbols: [String] { visibleCoins.map(\.symbol) }
}
