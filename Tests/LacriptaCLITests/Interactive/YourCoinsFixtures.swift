import Foundation
import LacriptaCore
import LacriptaTerminal

@testable import LacriptaCLI

/// Data for the "your coins" tests: store answers, a coin's detail and history, a coin list.
enum YourCoinsFixtures {
    typealias F = InteractiveFixtures

    /// A model with `F.coins(count)` loaded and the store read as `favorites` and `holdings`.
    static func model(coins count: Int = 50, favorites: [String] = [], holdings: [Holding] = [], size: TerminalSize = F.size) -> InteractiveModel {
        var model = F.model(coins: F.coins(count), size: size)
        _ = model.handle(.yours(.storeLoaded(.success(StoreSnapshot(favorites: favorites, holdings: holdings)))), at: F.now)
        return model
    }

    /// The store answering a write as the file would: `before` changed by `write`.
    static func written(_ write: FavoriteWrite, to before: [String]) -> InteractiveEvent {
        var after = before.filter { $0 != write.symbol }
        if write.on { after = before.contains(write.symbol) ? before : before + [write.symbol] }
        return .yours(.favoriteWritten(write, .success(after)))
    }

    /// `days` daily closes rising from 100, the last one today.
    static func history(days: Int) -> PriceHistory {
        PriceHistory(
            points: (0..<days).map { day in PricePoint(date: F.now.addingTimeInterval(-86_400 * Double(days - 1 - day)), close: 100 + Double(day)) })
    }

    /// `days` daily closes over `range`, as a source's series.
    static func series(_ range: ChartRange, days: Int? = nil) -> PriceSeries {
        PriceSeries(history: history(days: days ?? range.nominalDays), interval: .day, range: range)
    }

    /// C07's detail page as a source answers it: 30 daily closes.
    static func load(symbol: String = "C07") -> CoinLoad {
        let quote = Quote(currency: "USD", price: 142.86, changePercent24h: 7, volume24h: 7_000, marketCap: 142_857, high24h: 157, low24h: 128)
        let detail = CoinDetail(id: "coin-7", symbol: symbol, name: "Coin 7", marketCapRank: 7, quote: quote, categories: [])
        return CoinLoad(
            id: "coin-7", name: "Coin 7", note: nil, detail: Fetched(value: detail, fetchedAt: F.now),
            series: Fetched(value: series(.month), fetchedAt: F.now), range: .month)
    }

    /// A coin list with a ticker clash, and coins the 50-coin toplist does not hold.
    static let coinList = CoinSearch(entries: [
        CoinListEntry(id: "coin-3", symbol: "C03", name: "Coin 3", marketCapRank: 3),
        CoinListEntry(id: "zus", symbol: "ZCN", name: "Zus"),
        CoinListEntry(id: "zebra", symbol: "ZEB", name: "Zebra\u{1B}[31m Token"),
        CoinListEntry(id: "zebra-classic", symbol: "ZEB", name: "Zebra Classic"),
    ])
}

extension InteractiveModel {
    /// The "add coin" page on top, if it is.
    var addCoinPage: AddCoinPage? {
        if case .addCoin(let search) = page { search } else { nil }
    }
}
