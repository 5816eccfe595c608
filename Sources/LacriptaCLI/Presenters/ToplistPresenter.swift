import Foundation
import LacriptaCore
import LacriptaTerminal

/// Renders the toplist as a terminal table or as the documented JSON.
struct ToplistPresenter: Sendable {
    /// The quote currency prices are in.
    let currency: String
    /// The period the change columns show.
    let period: ChangePeriod
    /// The service the data came from ("CoinGecko"), for the JSON's `source` field.
    var source: String = "CryptoCompare"
    /// The user's favourite tickers (upper case): their rows carry a ★, their JSON `favorite: true`.
    var favorites: Set<String> = []

    private var price: PriceFormatter { PriceFormatter(currency: currency) }

    /// Columns, most important kept longest on a narrow terminal: symbol and price always, then
    /// the change, the rank, the name (which also shrinks with "…"), market cap, volume, and the
    /// absolute change first to go.
    var columns: [Table.Column] {
        [
            Table.Column("#", alignment: .right, priority: 60),
            Table.Column("Symbol", priority: 100, maxWidth: 10),
            Table.Column("Name", priority: 50, minWidth: 8, maxWidth: 24, isFlexible: true),
            Table.Column("Price", alignment: .right, priority: 90),
            Table.Column("Change \(period.rawValue)", alignment: .right, priority: 20),
            Table.Column("%", alignment: .right, priority: 80),
            Table.Column("Volume 24h", alignment: .right, priority: 30),
            Table.Column("Market cap", alignment: .right, priority: 40),
        ]
    }

    /// What is said instead of a table when the service lists no coins: a bare header with exit 0
    /// reads as a bug. Worded like `news`'s "No news for … right now.".
    var noCoinsMessage: String { "No coins for \(Sanitizer.singleLine(currency)) right now." }

    /// The table's lines for `coins`, fitted to `width` cells.
    func table(_ coins: [Coin], width: Int) -> [StyledText] {
        var table = Table(columns: columns)
        for coin in coins { table.addRow(row(coin)) }
        return table.render(width: width)
    }

    /// The line under the table that says where the data came from and how it is ranked.
    static func footer(_ market: any MarketDataSource) -> StyledText {
        StyledText(market.attribution, style: .secondary)
    }

    /// One row. A coin without market data shows dashes rather than disappearing.
    func row(_ coin: Coin) -> [StyledText] {
        var symbol = StyledText(Sanitizer.singleLine(coin.symbol), style: .bold)
        if isFavorite(coin) { symbol += StyledText(" ★", style: .mark) }
        let name = StyledText(Sanitizer.singleLine(coin.name))
        let rank = StyledText(String(coin.rank), style: .secondary)
        guard let quote = coin.quote else {
            let dash = StyledText(PriceFormatter.missingValue, style: .secondary)
            return [rank, symbol, name, dash, dash, dash, dash, dash]
        }
        let compact = CompactNumberFormatter(currency: currency)
        let changeFormatter = ChangeFormatter()
        let change = quote.change(over: period)
        let percent = quote.changePercent(over: period)
        return [
            rank, symbol, name,
            StyledText(quote.price.map { price.string($0) } ?? PriceFormatter.missingValue),
            change.map { changeFormatter.amount($0, price: price) } ?? StyledText(PriceFormatter.missingValue),
            percent.map { changeFormatter.percent($0) } ?? StyledText(PriceFormatter.missingValue),
            StyledText(quote.volume24h.map { compact.string($0) } ?? PriceFormatter.missingValue),
            StyledText(quote.marketCap.map { compact.string($0) } ?? PriceFormatter.missingValue),
        ]
    }

    /// Whether `coin` is one of the user's favourites (favourites are kept by ticker).
    func isFavorite(_ coin: Coin) -> Bool { favorites.contains(coin.symbol.uppercased()) }

    /// The documented JSON array: numbers as numbers, `null` where the service sent nothing.
    func json(_ coins: [Coin]) throws -> String {
        struct Item: Encodable {
            let rank: Int
            let symbol: String
            let name: String
            let currency: String
            let price: Double?
            let change: Double?
            let changePercent: Double?
            let changePeriod: String
            let volume24h: Double?
            let marketCap: Double?
            let supply: Double?
            let lastUpdate: String?
            let source: String
            let favorite: Bool

            func encode(to encoder: any Encoder) throws {
                // Encode nil as null, not as a missing key: the field list is a documented contract.
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(rank, forKey: .rank)
                try container.encode(symbol, forKey: .symbol)
                try container.encode(name, forKey: .name)
                try container.encode(currency, forKey: .currency)
                try container.encode(price, forKey: .price)
                try container.encode(change, forKey: .change)
                try container.encode(changePercent, forKey: .changePercent)
                try container.encode(changePeriod, forKey: .changePeriod)
                try container.encode(volume24h, forKey: .volume24h)
                try container.encode(marketCap, forKey: .marketCap)
                try container.encode(supply, forKey: .supply)
                try container.encode(lastUpdate, forKey: .lastUpdate)
                try container.encode(source, forKey: .source)
                try container.encode(favorite, forKey: .favorite)
            }

            enum CodingKeys: String, CodingKey {
                case rank, symbol, name, currency, price, change, changePercent, changePeriod, volume24h, marketCap, supply, lastUpdate, source,
                    favorite
            }
        }
        let items = coins.map { coin in
            Item(
                rank: coin.rank, symbol: Sanitizer.singleLine(coin.symbol), name: Sanitizer.singleLine(coin.name),
                currency: currency, price: coin.quote?.price, change: coin.quote?.change(over: period),
                changePercent: coin.quote?.changePercent(over: period), changePeriod: period.rawValue,
                volume24h: coin.quote?.volume24h, marketCap: coin.quote?.marketCap, supply: coin.quote?.supply,
                lastUpdate: coin.quote?.lastUpdate.map(JSONOutput.iso8601), source: source, favorite: isFavorite(coin))
        }
        return try JSONOutput.encode(items)
    }
}
