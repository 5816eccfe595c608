import Foundation

/// The encoding a feed declares, and the bytes the XML parser reads as UTF-8 made UTF-8.
///
/// The prolog check (`FeedProlog`) reads bytes as ASCII, so it is only right about a document
/// whose encoding is ASCII-compatible. libxml2 honours whatever the XML declaration names: under
/// `encoding="utf-7"`, `+AC0ALQA+-` is `-->` to it and not to the check, and a DOCTYPE hidden
/// behind it was parsed, entities and all. So only UTF-8 (declared or by default), US-ASCII and
/// the single-byte ISO-8859-x and windows-125x encodings are read; any other name, a declaration
/// this reader cannot take apart, and a UTF-8 byte order mark contradicted by the declaration are
/// refused before parsing.
///
/// Foundation's `XMLParser` on Linux also traps when libxml2 hands it an element name that is not
/// valid UTF-8 (it force-unwraps the decoded name), and libxml2 does pass such names on in a
/// document it reads as UTF-8: the nine bytes `<rss>\xFF s<\xD2` were enough to end `lacripta
/// news` with a crash (found by fuzzing, `FuzzTesting/Corpus/feed-reader/crash-invalid-utf8-name`).
/// So a document read as UTF-8 has every invalid sequence replaced with U+FFFD first, as
/// everywhere else lacripta turns wire bytes into text; a feed with one bad byte in a summary still
/// reads. A single-byte document is left alone: libxml2 converts it itself, and its output is valid.
enum FeedEncoding {
    /// What the document's XML declaration (or its absence) says about its encoding.
    enum Declared: Equatable {
        /// UTF-8: no declaration, no encoding in it, or UTF-8 or US-ASCII named.
        case utf8
        /// A single-byte encoding libxml2 converts, by the name to hand it.
        case singleByte(String)
        /// An encoding lacripta does not read (its name, when it is a plain name).
        case unsupported(String)
        /// An XML declaration that does not take apart as one.
        case malformed
    }

    /// The XML declaration's bytes (`<?xml … ?>`) and what it declares; nil when there is none.
    struct Declaration: Equatable {
        /// Where it stands in the document (after any byte order mark).
        var range: Range<Int>
        /// Its `version` value.
        var version: String
        /// Its `encoding` value, if it has one.
        var encoding: String?
    }

    /// The names of UTF-8 and of its ASCII subset, as libxml2 knows them.
    static let utf8Names: Set<String> = ["utf-8", "utf8", "us-ascii", "ascii"]

    /// ISO-8859-1 to -16 (there is no -12), windows-1250 to -1258, and latin1.
    static let singleByteEncodings: Set<String> = Set(
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16].map { "iso-8859-\($0)" } + (1250...1258).map { "windows-\($0)" } + ["latin1"])

    /// The document's declared encoding. Only exact names count (found by fuzzing:
    /// crash-unknown-encoding, then crash-encoding-name-prefix, where "iso-8859-andalone=" passed
    /// a prefix check): a name libxml2 does not know it would read as UTF-8 after all, and one it
    /// knows but lacripta does not (UTF-7, UTF-16, EBCDIC) it would decode differently from the check.
    static func declared(_ data: Data) -> Declared {
        let hasBOM = data.starts(with: [0xEF, 0xBB, 0xBF])
        guard let found = declaration(in: data) else {
            return isDeclarationStart(data, at: hasBOM ? 3 : 0) ? .malformed : .utf8
        }
        guard let name = found.encoding?.lowercased() else { return .utf8 }
        if utf8Names.contains(name) { return .utf8 }
        // A UTF-8 byte order mark and another declared encoding disagree; libxml2's choice between
        // them has changed across versions, so neither is trusted.
        if singleByteEncodings.contains(name), !hasBOM { return .singleByte(name) }
        return .unsupported(name)
    }

    /// The XML declaration at the start of `data` (after a UTF-8 byte order mark), when it takes
    /// apart as `<?xml` and `name="value"` pairs (version first, then encoding and standalone, each
    /// at most once) up to `?>`. Nil when there is none or it does not.
    static func declaration(in data: Data) -> Declaration? {
        let bytes = [UInt8](data.prefix(1024))
        let start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard isDeclarationStart(data, at: start) else { return nil }
        var index = start + 5
        var values: [String: String] = [:]
        var order: [String] = []
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func skipSpace() -> Bool {
            let from = index
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            return index > from
        }
        while true {
            let spaced = skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "?") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { return nil }
                guard order.first == "version", let version = values["version"] else { return nil }
                return Declaration(range: start..<(index + 2), version: version, encoding: values["encoding"])
            }
            guard spaced else { return nil }
            let nameStart = index
            while index < bytes.count, (0x61...0x7A).contains(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            guard ["version", "encoding", "standalone"].contains(name), values[name] == nil else { return nil }
            _ = skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            _ = skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            // Values are plain names: letters, digits and . _ - (XML's EncName and VersionNum).
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == quote, index > valueStart else { return nil }
            values[name] = String(decoding: bytes[valueStart..<index], as: UTF8.self)
            order.append(name)
            index += 1
        }
    }

    /// `<?xml` followed by a space at `offset`: the start of an XML declaration.
    private static func isDeclarationStart(_ data: Data, at offset: Int) -> Bool {
        let head = [UInt8](data.dropFirst(offset).prefix(6))
        guard head.count == 6, head.starts(with: Array("<?xml".utf8)) else { return false }
        return head[5] == 0x20 || head[5] == 0x09 || head[5] == 0x0A || head[5] == 0x0D
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2E || byte == 0x5F
            || byte == 0x2D
    }

    /// `data`, or its repaired copy when it is not valid UTF-8.
    static func repairedUTF8(_ data: Data) -> Data {
        let text = String(decoding: data, as: UTF8.self)
        if text.utf8.elementsEqual(data) { return data }
        return Data(text.utf8)
    }
}
