import Foundation

/// The user's favourite coins: `favorites` in the store, one symbol per line.
///
/// ```
/// # lacripta favourites: one coin symbol per line …
/// version 1
/// BTC
/// ETH
/// ```
public struct Favorites: StoreDocument, Equatable {
    static let fileName = "favorites"
    static let mode: mode_t = 0o644
    static let header = [
        "lacripta favourites: one coin symbol per line, in the order shown.",
        "Edit freely; lines starting with # are ignored. `lacripta fav add|rm` keeps this file.",
    ]

    var lines: StoreLines<String>

    init(lines: StoreLines<String>) {
        self.lines = lines
    }

    /// The symbols, in the user's order, without repeats.
    public var symbols: [String] {
        var seen = Set<String>()
        return entries.filter { seen.insert($0).inserted }
    }

    /// Adds `symbol` unless it is there; returns whether it was added.
    @discardableResult
    public mutating func add(_ symbol: String) -> Bool {
        guard let symbol = CoinSymbol.normalized(symbol), !entries.contains(symbol) else { return false }
        append(symbol)
        return true
    }

    /// Removes `symbol`; returns whether it was there.
    @discardableResult
    public mutating func remove(_ symbol: String) -> Bool {
        guard let symbol = CoinSymbol.normalized(symbol) else { return false }
        return remove { $0 == symbol } > 0
    }

    static func entry(parsing line: String) throws(StoreLineError) -> String {
        guard !line.contains(" "), !line.contains("\t"), let symbol = CoinSymbol.normalized(line) else {
            throw StoreLineError(message: "expected one coin symbol, such as BTC")
        }
        return symbol
    }

    static func line(for entry: String) -> String { entry }
}
