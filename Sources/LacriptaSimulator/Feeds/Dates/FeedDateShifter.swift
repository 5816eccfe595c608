import Foundation

/// Moves every date of a feed document by the same amount, each keeping its own spelling.
///
/// The recorded feeds are months old; moved so the newest item is a few minutes old, a news
/// list reads like one against the real outlets ("7 min ago", not a date in September). Dates
/// are found in the elements feeds put them in, by text search rather than an XML parser, so
/// whitespace, CDATA and the rest of the document stay byte for byte as recorded. A date the
/// simulator cannot read is left alone.
enum FeedDateShifter {
    /// The elements that hold dates in RSS 2.0, Atom and their extensions.
    static let elements = ["pubDate", "lastBuildDate", "atom:updated", "dc:date", "updated", "published"]

    /// A date found in a document.
    enum Found {
        /// RFC 822 (RSS).
        case mail(MailDate)
        /// RFC 3339 (Atom).
        case atom(AtomDate)

        /// The moment.
        var date: Date {
            switch self {
            case .mail(let date): date.date
            case .atom(let date): date.date
            }
        }

        /// `moment` in this date's spelling.
        func text(at moment: Date) -> String {
            switch self {
            case .mail(let date): date.text(at: moment)
            case .atom(let date): date.text(at: moment)
            }
        }
    }

    /// The newest readable date in `document`.
    static func newest(in document: String) -> Date? {
        dates(in: document).map(\.found.date).max()
    }

    /// `document` with every readable date moved by `seconds`.
    static func shifted(_ document: String, by seconds: TimeInterval) -> String {
        var result = ""
        var position = document.startIndex
        for (range, found) in dates(in: document) {
            result += document[position..<range.lowerBound]
            result += found.text(at: found.date.addingTimeInterval(seconds))
            position = range.upperBound
        }
        return result + document[position...]
    }

    /// Every readable date with the range of its text (surrounding whitespace excluded), in
    /// document order.
    static func dates(in document: String) -> [(range: Range<String.Index>, found: Found)] {
        var found: [(range: Range<String.Index>, found: Found)] = []
        for element in elements {
            var searchFrom = document.startIndex
            while let open = document.range(of: "<\(element)", range: searchFrom..<document.endIndex) {
                searchFrom = open.upperBound
                // `<updated` must not match `<updatedAt`; `<lastBuildDate >` (The Block) must match.
                guard let next = document[open.upperBound...].first, next == ">" || next.isWhitespace,
                    let tagEnd = document[open.upperBound...].firstIndex(of: ">"), document[document.index(before: tagEnd)] != "/",
                    let close = document.range(of: "</\(element)", range: tagEnd..<document.endIndex)
                else { continue }
                let content = document.index(after: tagEnd)..<close.lowerBound
                guard let range = trimmed(content, in: document) else { continue }
                let text = String(document[range])
                if let date = MailDate(text) {
                    found.append((range, .mail(date)))
                } else if let date = AtomDate(text) {
                    found.append((range, .atom(date)))
                }
                searchFrom = close.upperBound
            }
        }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// `range` without leading and trailing whitespace; nil when nothing else is left.
    private static func trimmed(_ range: Range<String.Index>, in document: String) -> Range<String.Index>? {
        let text = document[range]
        guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace }) else {
            return nil
        }
        return first..<document.index(after: last)
    }
}
