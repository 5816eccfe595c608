import Foundation

/// The user's feed list: `$XDG_CONFIG_HOME/lacripta/feeds`, one feed per line in newsboat's
/// `urls` format, so it is edited by hand and read by either:
///
///     https://decrypt.co/feed "~Decrypt" "Crypto" "Crypto/News"
///
/// The address, then quoted fields: `~Name` names the feed, every other one is a tag (OPML
/// folders become tags). `#` starts a comment line. Lines lacripta cannot read are kept as they
/// are when it writes the file, and named with their line number when it reads it.
public struct FeedList: Sendable, Equatable {
    /// One line of the file.
    public enum Line: Sendable, Equatable {
        /// A feed.
        case feed(OPMLFeed)
        /// A comment, a blank line, or a line kept as written.
        case other(String)
    }

    /// The file's lines in order.
    public var lines: [Line]

    /// The file's name in the config folder.
    public static let fileName = "feeds"

    /// An empty list.
    public init() { lines = [] }

    /// A list of `feeds` alone.
    public init(feeds: [OPMLFeed]) { lines = feeds.map(Line.feed) }

    /// Parses the file's text; a line that is not a feed, a comment or blank is an error naming it.
    public init(text: String) throws(OPMLError) {
        lines = []
        guard !text.isEmpty else { return }
        // "\r\n" is one Character in Swift: split on any line break, not on "\n".
        let body = text.last?.isNewline == true ? text.dropLast() : Substring(text)
        for (index, raw) in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = String(raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                lines.append(.other(line))
                continue
            }
            guard let feed = Self.feed(trimmed) else {
                throw OPMLError(
                    line: index + 1, message: "expected a feed address and quoted fields, such as https://example.com/feed \"~Name\" \"tag\"")
            }
            lines.append(.feed(feed))
        }
    }

    /// The feeds, in order.
    public var feeds: [OPMLFeed] {
        lines.compactMap { if case .feed(let feed) = $0 { feed } else { nil } }
    }

    /// Adds `feed` unless its address is already listed; true when added.
    @discardableResult
    public mutating func add(_ feed: OPMLFeed) -> Bool {
        guard !feeds.contains(where: { $0.url == feed.url }) else { return false }
        lines.append(.feed(feed))
        return true
    }

    /// Removes the feeds whose address or name is `reference` (names without case); returns
    /// how many went.
    @discardableResult
    public mutating func remove(_ reference: String) -> Int {
        let before = lines.count
        lines.removeAll { line in
            guard case .feed(let feed) = line else { return false }
            return feed.url == reference || feed.title?.caseInsensitiveCompare(reference) == .orderedSame
        }
        return before - lines.count
    }

    /// The file's text.
    public var text: String {
        lines.map { line in
            switch line {
            case .other(let text): return text
            case .feed(let feed):
                let fields = (feed.title.map { ["~" + $0] } ?? []) + feed.tags
                return ([feed.url] + fields.map(Self.quoted)).joined(separator: " ")
            }
        }.joined(separator: "\n") + "\n"
    }

    /// A field in double quotes, `"` and `\` escaped with a backslash, line breaks dropped.
    private static func quoted(_ field: String) -> String {
        let clean = field.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"" + clean.filter { $0 != "\n" && $0 != "\r" } + "\""
    }

    /// One feed line: the address up to the first space, then quoted fields.
    private static func feed(_ line: String) -> OPMLFeed? {
        var rest = Substring(line)
        let url = rest.prefix { !$0.isWhitespace }
        guard !url.isEmpty, !url.hasPrefix("\"") else { return nil }
        rest = rest.dropFirst(url.count)
        var title: String?
        var tags: [String] = []
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard let first = rest.first else { break }
            guard first == "\"" else { return nil }
            rest = rest.dropFirst()
            var field = ""
            var closed = false
            while let character = rest.first {
                rest = rest.dropFirst()
                if character == "\\", let next = rest.first {
                    field.append(next)
                    rest = rest.dropFirst()
                } else if character == "\"" {
                    closed = true
                    break
                } else {
                    field.append(character)
                }
            }
            guard closed else { return nil }
            if field.hasPrefix("~") { title = String(field.dropFirst()) } else { tags.append(field) }
        }
        return OPMLFeed(url: String(url), title: title, tags: tags)
    }
}
