import Foundation

/// The user's favourite coins: `favorites` in the store, one symbol per line, optionally in named
/// groups (watchlists).
///
/// ```
/// # lacripta favourites: one coin symbol per line …
/// version 2
/// BTC
/// ETH
/// [long-term]
/// BTC
/// DOT
/// ```
///
/// Symbols before any `[group]` line are in the default group, so a file from before groups reads
/// unchanged. A coin may stand in several groups. A file with a group says `version 2`, so an
/// older lacripta refuses it ("update lacripta") instead of taking `[long-term]` for a ticker.
public struct Favorites: StoreDocument, Equatable {
    static let fileName = "favorites"
    static let mode: mode_t = 0o644
    static let header = [
        "lacripta favourites: one coin symbol per line, in the order shown; [name] starts a group.",
        "Edit freely; lines starting with # are ignored. `lacripta fav add|rm` keeps this file.",
    ]
    /// Version 2 added groups.
    static var newestVersion: Int { 2 }

    /// One line of the file: a coin, or the start of a group.
    enum Entry: Sendable, Equatable {
        case symbol(String)
        case group(String)
    }

    var lines: StoreLines<Entry>

    init(lines: StoreLines<Entry>) {
        self.lines = lines
    }

    /// Every favourite, in the user's order, without repeats, whatever its group.
    public var symbols: [String] {
        unique(sections.flatMap(\.symbols))
    }

    /// The groups the user named, in file order (the default group is not among them).
    public var groups: [String] {
        unique(sections.compactMap(\.group))
    }

    /// The favourites of `group` (nil: the default group, those before any `[group]` line), in
    /// order, without repeats.
    public func symbols(in group: String?) -> [String] {
        let name = group.flatMap(Self.groupName)
        return unique(sections.filter { $0.group == name }.flatMap(\.symbols))
    }

    /// Adds `symbol` to `group` (nil: the default group) unless it is there; returns whether it
    /// was added. A group that does not exist yet is started at the end of the file.
    @discardableResult
    public mutating func add(_ symbol: String, to group: String? = nil) -> Bool {
        guard let symbol = CoinSymbol.normalized(symbol) else { return false }
        let name = group.flatMap(Self.groupName)
        guard !symbols(in: name).contains(symbol) else { return false }
        guard let name else {
            // The default group ends at the first `[group]` line.
            let end = lines.lines.firstIndex { if case .entry(.group) = $0 { true } else { false } }
            insert(.symbol(symbol), at: end)
            return true
        }
        if let start = lines.lines.lastIndex(where: { $0 == .entry(.group(name)) }) {
            let next = lines.lines[(start + 1)...].firstIndex { if case .entry(.group) = $0 { true } else { false } }
            insert(.symbol(symbol), at: next)
        } else {
            lines.lines.append(.entry(.group(name)))
            lines.lines.append(.entry(.symbol(symbol)))
        }
        markVersion()
        return true
    }

    /// Removes `symbol` from every group; returns whether it was there. (Emptied groups keep their
    /// `[name]` line.)
    @discardableResult
    public mutating func remove(_ symbol: String) -> Bool {
        guard let symbol = CoinSymbol.normalized(symbol) else { return false }
        return remove { $0 == .symbol(symbol) } > 0
    }

    /// Removes `symbol` from `group` alone (nil: the default group); returns whether it was there.
    @discardableResult
    public mutating func remove(_ symbol: String, fromGroup group: String?) -> Bool {
        guard let symbol = CoinSymbol.normalized(symbol) else { return false }
        let name = group.flatMap(Self.groupName)
        var current: String?
        var removed = false
        lines.lines.removeAll { line in
            guard case .entry(let entry) = line else { return false }
            switch entry {
            case .group(let started):
                current = started
                return false
            case .symbol(let found):
                let matches = found == symbol && current == name
                removed = removed || matches
                return matches
            }
        }
        return removed
    }

    /// A group's name as stored: trimmed, lower-cased letters, digits, `-` and `_`, at most 32;
    /// nil when `text` is not one ("default" names the default group).
    public static func groupName(_ text: String) -> String? {
        let name = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !name.isEmpty, name.count <= 32, name != defaultGroup,
            name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") })
        else { return nil }
        return name
    }

    /// What the default group is called where one must be named.
    public static let defaultGroup = "default"

    static func entry(parsing line: String) throws(StoreLineError) -> Entry {
        if line.hasPrefix("[") {
            guard line.hasSuffix("]"), let name = groupName(String(line.dropFirst().dropLast())) else {
                throw StoreLineError(message: "expected a group such as [long-term]: letters, digits, - and _")
            }
            return .group(name)
        }
        guard !line.contains(" "), !line.contains("\t"), let symbol = CoinSymbol.normalized(line) else {
            throw StoreLineError(message: "expected one coin symbol, such as BTC, or a group such as [long-term]")
        }
        return .symbol(symbol)
    }

    static func line(for entry: Entry) -> String {
        switch entry {
        case .symbol(let symbol): symbol
        case .group(let name): "[\(name)]"
        }
    }

    /// The file cut at its `[group]` lines: the default group first.
    private var sections: [(group: String?, symbols: [String])] {
        var sections: [(group: String?, symbols: [String])] = [(nil, [])]
        for entry in entries {
            switch entry {
            case .group(let name): sections.append((name, []))
            case .symbol(let symbol): sections[sections.count - 1].symbols.append(symbol)
            }
        }
        return sections
    }

    /// Inserts `entry` before line `index`, after the last entry before it (so comments that end a
    /// section stay with the next one); at the end when `index` is nil.
    private mutating func insert(_ entry: Entry, at index: Int?) {
        guard let index else { return lines.lines.append(.entry(entry)) }
        var position = index
        while position > 0, case .verbatim = lines.lines[position - 1] { position -= 1 }
        lines.lines.insert(.entry(entry), at: position)
    }

    /// Marks the file `version 2` once it has a group, so an older lacripta refuses it.
    private mutating func markVersion() {
        guard !groups.isEmpty else { return }
        if let index = lines.lines.firstIndex(where: { if case .version = $0 { true } else { false } }) {
            lines.lines[index] = .version(Self.newestVersion)
        } else {
            lines.lines.insert(.version(Self.newestVersion), at: 0)
        }
    }

    private func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
