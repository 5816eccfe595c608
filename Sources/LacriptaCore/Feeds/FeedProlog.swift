import Foundation

/// Checks the start of a document before any XML parser sees it: the encoding, the DTD and the
/// root element.
///
/// This is where the reader's entity safety comes from. Entities can only be declared in a DTD's
/// internal subset (`<!DOCTYPE x [ <!ENTITY … > ]>`); an external DTD is never loaded. So a
/// document whose prolog has an internal subset is refused outright, and the parser never gets
/// the chance to expand anything: a "billion laughs" body fails here after reading a few hundred
/// bytes. The scan only reads the prolog (declarations, comments and processing instructions
/// before the root element) and allocates nothing but the root's name.
///
/// The parser then never sees the prolog at all (`parserInput`): it reads a declaration of ours
/// and the document from its root element on, the prolog blanked out. A DOCTYPE can only stand
/// in the prolog, so whatever this scan missed there (a trick of encodings it did not foresee),
/// the parser cannot declare an entity: after the root element `<!DOCTYPE` is only an error.
/// This matters because Foundation's parser on Linux tells its delegate nothing about a DOCTYPE
/// or an entity declaration (it does not bridge libxml2's `internalSubset` and `entityDecl`
/// events), so the delegate alone could not refuse one.
enum FeedProlog {
    /// The kinds of document the reader parses, by root element.
    enum Format: Equatable {
        /// `<rss>` (RSS 0.9x and 2.0).
        case rss
        /// `<rdf:RDF>` (RSS 1.0).
        case rdf
        /// `<feed>` (Atom).
        case atom
    }

    /// What the prolog says about a document.
    enum Verdict: Equatable {
        /// Parse it as this format; its root element starts `root` bytes into the document.
        case parse(Format, root: Int)
        /// Do not parse it, for this reason.
        case refuse(FeedError.Reason)
    }

    /// The document's format, or why it cannot be parsed.
    ///
    /// A document that ends inside its prolog (an unterminated comment, declaration or DOCTYPE: a
    /// download cut short) has no feed in it.
    static func check(_ data: Data) -> Verdict {
        var scanner = Scanner(data: data)
        if scanner.isUTF16Or32 { return .refuse(.unsupportedEncoding) }
        scanner.skipByteOrderMark()
        var sawAnything = false
        while true {
            scanner.skipWhitespace()
            guard let byte = scanner.peek() else { return .refuse(sawAnything ? .notAFeed(html: false) : .empty) }
            sawAnything = true
            guard byte == UInt8(ascii: "<") else { return .refuse(.notAFeed(html: false)) }
            if scanner.hasPrefix("<?") {
                guard scanner.skip(past: "?>") else { return .refuse(.notAFeed(html: false)) }
            } else if scanner.hasPrefix("<!--") {
                guard scanner.skip(past: "-->") else { return .refuse(.notAFeed(html: false)) }
            } else if scanner.hasPrefix("<!DOCTYPE", caseInsensitive: true) {
                switch scanner.skipDoctype() {
                case .internalSubset: return .refuse(.declaresEntities)
                case .unterminated: return .refuse(.notAFeed(html: false))
                case .skipped: continue
                }
            } else {
                return format(ofRoot: scanner.elementName(), at: scanner.index - data.startIndex)
            }
        }
    }

    /// The format for a root element's qualified name.
    private static func format(ofRoot name: String, at root: Int) -> Verdict {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        switch local {
        case "rss": return .parse(.rss, root: root)
        case "RDF": return .parse(.rdf, root: root)
        case "feed": return .parse(.atom, root: root)
        default: return .refuse(.notAFeed(html: local.lowercased() == "html"))
        }
    }

    /// The bytes the XML parser reads: any byte order mark, a declaration of ours (the version,
    /// and the encoding when it is a single-byte one), the rest of the prolog blanked to spaces
    /// with its line breaks kept (so errors name the document's own lines), then the document
    /// from `root` on.
    static func parserInput(_ data: Data, root: Int, encoding: FeedEncoding.Declared) -> Data {
        var output = Data(capacity: data.count)
        var prologStart = 0
        if data.starts(with: [0xEF, 0xBB, 0xBF]) {
            output.append(contentsOf: [0xEF, 0xBB, 0xBF])
            prologStart = 3
        }
        if let declaration = FeedEncoding.declaration(in: data), declaration.range.upperBound <= root {
            var ours = #"<?xml version="\#(declaration.version)""#
            if case .singleByte(let name) = encoding { ours += #" encoding="\#(name)""# }
            ours += "?>"
            output.append(contentsOf: Array(ours.utf8))
            output.append(contentsOf: repeatElement(0x20, count: max(0, declaration.range.count - ours.utf8.count)))
            prologStart = declaration.range.upperBound
        }
        let start = data.startIndex
        for byte in data[(start + prologStart)..<(start + root)] {
            output.append(byte == 0x0A || byte == 0x0D ? byte : 0x20)
        }
        output.append(data[(start + root)...])
        return output
    }

    /// A cursor over the document's bytes.
    private struct Scanner {
        /// How a `<!DOCTYPE` ended.
        enum Doctype {
            case skipped, internalSubset, unterminated
        }

        let data: Data
        var index: Data.Index

        init(data: Data) {
            self.data = data
            index = data.startIndex
        }

        func peek() -> UInt8? { index < data.endIndex ? data[index] : nil }

        /// A BOM for UTF-16/32, or a NUL in the first two bytes (UTF-16 without a BOM: `<` `00`).
        var isUTF16Or32: Bool {
            let head = Array(data.prefix(4))
            if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) { return true }
            return head.prefix(2).contains(0)
        }

        mutating func skipByteOrderMark() {
            if data[index...].starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        }

        mutating func skipWhitespace() {
            while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        func hasPrefix(_ text: String, caseInsensitive: Bool = false) -> Bool {
            let expected = Array(text.utf8)
            let actual = data[index...].prefix(expected.count)
            guard actual.count == expected.count else { return false }
            return zip(actual, expected).allSatisfy { pair in
                caseInsensitive ? Self.lowercased(pair.0) == Self.lowercased(pair.1) : pair.0 == pair.1
            }
        }

        /// Moves past the next `terminator`; false (at the end) if there is none.
        mutating func skip(past terminator: String) -> Bool {
            let pattern = Array(terminator.utf8)
            guard let range = data[index...].firstRange(of: pattern) else {
                index = data.endIndex
                return false
            }
            index = range.upperBound
            return true
        }

        /// Moves past a `<!DOCTYPE …>` that has no `[` internal subset; quoted public and system
        /// ids may contain `[` and `>` without counting.
        mutating func skipDoctype() -> Doctype {
            var quote: UInt8?
            while let byte = peek() {
                index += 1
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "[") {
                    return .internalSubset
                } else if byte == UInt8(ascii: ">") {
                    return .skipped
                }
            }
            return .unterminated
        }

        /// The name of the element starting at `<` (up to whitespace, `/` or `>`).
        func elementName() -> String {
            let start = data.index(after: index)
            let end = data[start...].firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x2F || $0 == 0x3E }
            return String(decoding: data[start..<(end ?? data.endIndex)].prefix(64), as: UTF8.self)
        }

        private static func lowercased(_ byte: UInt8) -> UInt8 {
            (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
        }
    }
}
