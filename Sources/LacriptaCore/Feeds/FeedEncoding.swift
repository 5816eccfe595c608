import Foundation

/// Makes sure the bytes the XML parser reads as UTF-8 are UTF-8.
///
/// Foundation's `XMLParser` on Linux traps when libxml2 hands it an element name that is not
/// valid UTF-8 (it force-unwraps the decoded name), and libxml2 does pass such names on in a
/// document it reads as UTF-8: the nine bytes `<rss>\xFF s<\xD2` were enough to end `lacripta
/// news` with a crash (found by fuzzing, `FuzzTesting/Corpus/feed-reader/crash-invalid-utf8-name`).
/// So a document read as UTF-8 (declared so, or declaring nothing, the XML default) has every
/// invalid sequence replaced with U+FFFD first, as everywhere else lacripta turns wire bytes into
/// text; a feed with one bad byte in a summary still reads. A document declaring another encoding
/// (ISO-8859-1, windows-1252) is left alone: libxml2 converts it itself, and its output is valid.
enum FeedEncoding {
    /// `data`, or its repaired copy when it is read as UTF-8 and is not valid UTF-8.
    static func readableAsUTF8(_ data: Data) -> Data {
        if declaresOtherEncoding(data) { return data }
        let text = String(decoding: data, as: UTF8.self)
        if text.utf8.elementsEqual(data) { return data }
        return Data(text.utf8)
    }

    /// True when the XML declaration names a single-byte encoding libxml2 converts itself
    /// (ISO-8859-x, windows-125x).
    static func declaresOtherEncoding(_ data: Data) -> Bool {
        let head = Array(data.prefix(256))
        guard head.starts(with: Array("<?xml".utf8)), let end = head.firstRange(of: Array("?>".utf8))?.lowerBound,
            let name = head[..<end].firstRange(of: Array("encoding".utf8))?.upperBound
        else { return false }
        var rest = head[name..<end].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "=") }
        guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return false }
        rest = rest.dropFirst()
        let value = String(decoding: rest.prefix { $0 != quote }, as: UTF8.self).lowercased()
        // Only encodings libxml2 is sure to convert count, by their exact names: for a name it does
        // not know it reads the bytes as UTF-8 after all (found by fuzzing: crash-unknown-encoding,
        // then crash-encoding-name-prefix, where "iso-8859-andalone=" passed a prefix check).
        return singleByteEncodings.contains(value)
    }

    /// ISO-8859-1 to -16 (there is no -12), windows-1250 to -1258, and latin1.
    static let singleByteEncodings: Set<String> = Set(
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16].map { "iso-8859-\($0)" } + (1250...1258).map { "windows-\($0)" } + ["latin1"])
}
