import Foundation

/// A file of the user's store: plain, documented, hand-editable text, one entry per line, `#`
/// comments and blank lines kept as the user left them, and a `version N` line.
///
/// Parsing never guesses: a line it cannot read is an error naming the file and the line, and the
/// file is then left untouched (`UserStore` only writes a document it could parse).
protocol StoreDocument: Sendable {
    /// One entry of the document (a favourite, a holding).
    associatedtype Entry: Sendable, Equatable

    /// The file's name in the store's folder.
    static var fileName: String { get }
    /// The permissions the file is written with (0600 for what others should not read).
    static var mode: mode_t { get }
    /// The comment written at the top of a new file, saying what the file is and how to edit it.
    static var header: [String] { get }
    /// The newest version of the format this build reads (see the extension's default).
    static var newestVersion: Int { get }

    /// Reads one entry line (trimmed, never blank or a comment); throws a message (our own words)
    /// when the line is not an entry.
    static func entry(parsing line: String) throws(StoreLineError) -> Entry
    /// The line an entry is written as.
    static func line(for entry: Entry) -> String

    /// The lines of the document.
    var lines: StoreLines<Entry> { get set }
    /// Wraps parsed lines.
    init(lines: StoreLines<Entry>)
}

/// Why a store line could not be read, in our words (the line number is added by the parser).
struct StoreLineError: Error, Sendable, Equatable {
    /// What is wrong, e.g. "expected SYMBOL AMOUNT".
    var message: String
}

/// The lines of a store file in order: entries, and comments and blank lines kept verbatim.
struct StoreLines<Entry: Sendable & Equatable>: Sendable, Equatable {
    /// One line.
    enum Line: Sendable, Equatable {
        /// A comment or blank line, kept as written.
        case verbatim(String)
        /// The `version N` line.
        case version(Int)
        /// An entry.
        case entry(Entry)
    }

    /// The lines, in file order.
    var lines: [Line]

    /// The entries, in file order.
    var entries: [Entry] {
        lines.compactMap { if case .entry(let entry) = $0 { entry } else { nil } }
    }
}

/// The version of the store's file formats this build reads and writes.
let storeFormatVersion = 1

extension StoreDocument {
    /// The newest version of this document's format this build reads (a document may grow a
    /// version of its own, as favourites did with groups).
    static var newestVersion: Int { storeFormatVersion }

    /// An empty document: the header and the version line.
    init() {
        self.init(lines: StoreLines(lines: Self.header.map { .verbatim("# " + $0) } + [.version(storeFormatVersion)]))
    }

    /// The entries, in file order.
    var entries: [Entry] { lines.entries }

    /// Parses a file's text; errors name `path` and the line (exit 65: the file is bad data).
    ///
    /// Lines are split on the bytes (LF, CRLF or a lone CR, as the `Character`s `\n`, `\r\n` and
    /// `\r` would split them: a line end never joins what follows it into one character) and each
    /// is trimmed with `trimmingSpaces`: a 10,000-line journal is read in one pass over its bytes,
    /// not through Foundation's string bridging once per line.
    init(text: String, path: String) throws(LacriptaError) {
        var lines: [StoreLines<Entry>.Line] = []
        for (index, raw) in Self.lineRanges(text).enumerated() {
            let line = text[raw]
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || Self.isComment(trimmed) {
                lines.append(.verbatim(String(line)))
                continue
            }
            if trimmed.utf8.starts(with: "version".utf8) {
                let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
                if words.first == "version" {
                    guard words.count == 2, let version = Int(words[1]), version >= 1 else {
                        throw Self.error(path, index + 1, "expected `version \(storeFormatVersion)`")
                    }
                    guard version <= Self.newestVersion else {
                        throw Self.error(path, index + 1, "written by a newer lacripta (version \(version)); update lacripta to read it")
                    }
                    lines.append(.version(version))
                    continue
                }
            }
            do {
                lines.append(.entry(try Self.entry(parsing: trimmed)))
            } catch {
                throw Self.error(path, index + 1, error.message)
            }
        }
        self.init(lines: StoreLines(lines: lines))
    }

    /// Whether a trimmed line starts with the character `#` (a `#` carrying a combining mark is
    /// another character, as it always was).
    static func isComment(_ trimmed: String) -> Bool {
        guard trimmed.utf8.first == UInt8(ascii: "#") else { return false }
        guard let next = trimmed.utf8.dropFirst().first, next >= 0x80 else { return true }
        return trimmed.hasPrefix("#")
    }

    /// The ranges of `text`'s lines, without their ends; a line end at the very end of the text
    /// ends the last line rather than starting an empty one.
    static func lineRanges(_ text: String) -> [Range<String.Index>] {
        let bytes = text.utf8
        var ranges: [Range<String.Index>] = []
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == 0x0A || byte == 0x0D else {
                index = bytes.index(after: index)
                continue
            }
            ranges.append(start..<index)
            index = bytes.index(after: index)
            if byte == 0x0D, index < bytes.endIndex, bytes[index] == 0x0A { index = bytes.index(after: index) }
            start = index
        }
        if start < bytes.endIndex || ranges.isEmpty { ranges.append(start..<bytes.endIndex) }
        return ranges
    }

    /// The file's text: every line as parsed or added, entries in their canonical form.
    var text: String {
        lines.lines.map { line in
            switch line {
            case .verbatim(let text): text
            case .version(let version): "version \(version)"
            case .entry(let entry): Self.line(for: entry)
            }
        }.joined(separator: "\n") + "\n"
    }

    /// Appends `entry` after the last entry (or at the end).
    mutating func append(_ entry: Entry) {
        lines.lines.append(.entry(entry))
    }

    /// Replaces every entry `matching` with `entry` (the first match), or appends it.
    mutating func replace(where matching: (Entry) -> Bool, with entry: Entry) {
        guard let index = lines.lines.firstIndex(where: { if case .entry(let old) = $0 { matching(old) } else { false } }) else {
            return append(entry)
        }
        lines.lines[index] = .entry(entry)
        lines.lines.removeAll { line in
            if case .entry(let old) = line { return matching(old) && old != entry } else { return false }
        }
    }

    /// Removes every entry `matching`; returns how many went.
    @discardableResult
    mutating func remove(where matching: (Entry) -> Bool) -> Int {
        let before = lines.lines.count
        lines.lines.removeAll { if case .entry(let entry) = $0 { matching(entry) } else { false } }
        return before - lines.lines.count
    }

    private static func error(_ path: String, _ line: Int, _ message: String) -> LacriptaError {
        .unreadableFile(path, line: line, message)
    }
}
