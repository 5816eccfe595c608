import Foundation
import LacriptaCore
import LacriptaTerminal

/// Renders search results: a table saying for each coin how it matched, its rank, how many coins
/// share its ticker, and whether it is a favourite or held; or the documented JSON.
struct SearchPresenter: Sendable {
    /// The user's favourite tickers.
    let favorites: Set<String>
    /// The tickers the user holds.
    let held: Set<String>
    /// The service whose list was searched.
    let source: String

    /// Columns, symbol and name kept longest.
    var columns: [Table.Column] {
        [
            Table.Column("Symbol", priority: 100, maxWidth: 12),
            Table.Column("Name", priority: 90, minWidth: 8, maxWidth: 32, isFlexible: true),
            Table.Column("Rank", alignment: .right, priority: 60),
            Table.Column("Ticker shared", priority: 70),
            Table.Column("Yours", priority: 80),
            Table.Column("Key", priority: 30, maxWidth: 32),
        ]
    }

    /// The table's lines.
    func table(_ matches: [CoinSearch.Match], width: Int) -> [StyledText] {
        var table = Table(columns: columns)
        for match in matches { table.addRow(row(match)) }
        return table.render(width: width)
    }

    /// "★ held", "★", "held" or "".
    func marks(_ symbol: String) -> String {
        let ticker = symbol.uppercased()
        return [favorites.contains(ticker) ? "★" : nil, held.contains(ticker) ? "held" : nil].compactMap { $0 }.joined(separator: " ")
    }

    private func row(_ match: CoinSearch.Match) -> [StyledText] {
        let coin = match.coin
        let shared = match.sameSymbol > 1 ? StyledText("by \(match.sameSymbol) coins", style: .warning) : StyledText("")
        return [
            StyledText(Sanitizer.singleLine(coin.symbol), style: .bold),
            StyledText(Sanitizer.singleLine(coin.name)),
            StyledText(match.rank.map(String.init) ?? PriceFormatter.missingValue, style: .secondary),
            shared,
            StyledText(marks(coin.symbol), style: .mark),
            StyledText(Sanitizer.singleLine(coin.id), style: .secondary),
        ]
    }

    /// The documented JSON array (docs/json.md).
    func json(_ matches: [CoinSearch.Match]) throws -> String {
        struct Item: Encodable {
            let symbol: String
            let name: String
            let id: String
            let rank: Int?
            let match: String
            let sameSymbol: Int
            let favorite: Bool
            let held: Bool
            let source: String

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(symbol, forKey: .symbol)
                try container.encode(name, forKey: .name)
                try container.encode(id, forKey: .id)
                try container.encode(rank, forKey: .rank)
                try container.encode(match, forKey: .match)
                try container.encode(sameSymbol, forKey: .sameSymbol)
                try container.encode(favorite, forKey: .favorite)
                try container.encode(held, forKey: .held)
                try container.encode(source, forKey: .source)
            }

            enum CodingKeys: String, CodingKey { case symbol, name, id, rank, match, sameSymbol, favorite, held, source }
        }
        let items = matches.map { match in
            let ticker = match.coin.symbol.uppercased()
            return Item(
                symbol: Sanitizer.singleLine(match.coin.symbol), name: Sanitizer.singleLine(match.coin.name), id: Sanitizer.singleLine(match.coin.id),
                rank: match.rank, match: match.kind.label, sameSymbol: match.sameSymbol, favorite: favorites.contains(ticker),
                held: held.contains(ticker), source: source)
        }
        return try JSONOutput.encode(items)
    }
}
