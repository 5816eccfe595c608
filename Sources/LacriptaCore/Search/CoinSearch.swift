import Foundation

/// Search over every coin a source lists (thousands of them), ranked the way a person expects:
/// the coin whose ticker is exactly the query first, then exact names, then names or tickers that
/// start with it, then those that contain it. Within each kind the better-known coin wins: the
/// lower market-cap rank (unranked last), then the shorter name, then listing order.
///
/// A pure value: build it once from the list (which lower-cases every ticker and name a single
/// time), then ask it as often as needed; a query scans plain byte arrays, no allocation per coin.
public struct CoinSearch: Sendable {
    /// How a coin matched the query, best first.
    public enum MatchKind: Int, Sendable, Comparable, CaseIterable {
        /// The ticker is the query (`eth`).
        case exactSymbol
        /// The name (or the source's key) is the query (`ethereum`).
        case exactName
        /// The ticker or a word of the name starts with the query.
        case prefix
        /// The ticker or name contains the query.
        case substring

        public static func < (lhs: MatchKind, rhs: MatchKind) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The word JSON and tables use: `symbol`, `name`, `prefix`, `substring`.
        public var label: String {
            switch self {
            case .exactSymbol: "symbol"
            case .exactName: "name"
            case .prefix: "prefix"
            case .substring: "substring"
            }
        }
    }

    /// One result.
    public struct Match: Sendable, Equatable {
        /// The coin.
        public var coin: CoinListEntry
        /// How it matched.
        public var kind: MatchKind
        /// Its market-cap rank, from the list itself or the ranks given; nil when unknown.
        public var rank: Int?
        /// How many coins in the whole list share its ticker (1 when it is alone): a clash the user
        /// must know about, since favourites and holdings are kept by ticker.
        public var sameSymbol: Int
    }

    private let entries: [CoinListEntry]
    private let symbols: [[UInt8]]
    private let names: [[UInt8]]
    private let ids: [[UInt8]]
    private let ranks: [Int?]
    private let symbolCounts: [String: Int]

    /// Indexes `entries`. `ranks` gives market-cap ranks by the source's key upper-cased (the
    /// cached toplist: CoinGecko's list carries no ranks); an entry's own rank wins.
    public init(entries: [CoinListEntry], ranks: [String: Int] = [:]) {
        self.entries = entries
        symbols = entries.map { Self.folded($0.symbol) }
        names = entries.map { Self.folded($0.name) }
        ids = entries.map { Self.folded($0.id) }
        self.ranks = entries.map { $0.marketCapRank ?? ranks[$0.id.uppercased()] }
        var counts: [String: Int] = [:]
        for entry in entries { counts[entry.symbol.uppercased(), default: 0] += 1 }
        symbolCounts = counts
    }

    /// How many coins the index holds.
    public var count: Int { entries.count }

    /// How many coins are listed under `symbol`.
    public func coins(withSymbol symbol: String) -> Int { symbolCounts[symbol.uppercased()] ?? 0 }

    /// Whether the list has a coin whose ticker is `symbol`.
    public func contains(symbol: String) -> Bool { coins(withSymbol: symbol) > 0 }

    /// The best `limit` matches for `query`, best first; none for a blank query.
    public func search(_ query: String, limit: Int = 20) -> [Match] {
        let wanted = Self.folded(query.trimmingCharacters(in: .whitespaces))
        guard !wanted.isEmpty, limit > 0 else { return [] }
        var found: [(kind: MatchKind, rank: Int, nameLength: Int, index: Int)] = []
        for index in entries.indices {
            guard let kind = Self.kind(of: wanted, symbol: symbols[index], name: names[index], id: ids[index]) else { continue }
            found.append((kind, ranks[index] ?? Int.max, names[index].count, index))
        }
        found.sort { ($0.kind.rawValue, $0.rank, $0.nameLength, $0.index) < ($1.kind.rawValue, $1.rank, $1.nameLength, $1.index) }
        return found.prefix(limit).map { item in
            let entry = entries[item.index]
            return Match(coin: entry, kind: item.kind, rank: ranks[item.index], sameSymbol: symbolCounts[entry.symbol.uppercased()] ?? 1)
        }
    }

    /// How `query` matches one coin, or nil when it does not.
    static func kind(of query: [UInt8], symbol: [UInt8], name: [UInt8], id: [UInt8]) -> MatchKind? {
        if symbol == query { return .exactSymbol }
        if name == query || id == query { return .exactName }
        if symbol.starts(with: query) || name.starts(with: query) || wordStarts(query, in: name) { return .prefix }
        if contains(query, in: symbol) || contains(query, in: name) { return .substring }
        return nil
    }

    /// Whether a word of `text` after the first (after a space, `-` or `(`) starts with `query`.
    private static func wordStarts(_ query: [UInt8], in text: [UInt8]) -> Bool {
        guard text.count > query.count else { return false }
        var index = 1
        while index + query.count <= text.count {
            let before = text[index - 1]
            if before == 0x20 || before == 0x2D || before == 0x28, text[index] == query[0], text[index..<(index + query.count)].elementsEqual(query) {
                return true
            }
            index += 1
        }
        return false
    }

    /// Whether `text` contains `query` anywhere.
    private static func contains(_ query: [UInt8], in text: [UInt8]) -> Bool {
        guard text.count >= query.count, let first = query.first else { return false }
        var index = 0
        while index + query.count <= text.count {
            if text[index] == first, text[index..<(index + query.count)].elementsEqual(query) { return true }
            index += 1
        }
        return false
    }

    /// `text` lower-cased as UTF-8 bytes: ASCII folded by hand (most of every list), anything else
    /// through Unicode lower-casing so `Ö` finds `ö`.
    static func folded(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        }
        return Array(text.lowercased().utf8)
    }
}
