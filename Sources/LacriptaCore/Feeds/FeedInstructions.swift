import Foundation

/// Gives every processing instruction some data before the XML parser sees it.
///
/// libxml2 reports `<?name?>`, an instruction with a target and nothing else, with a null data
/// pointer, and Foundation's `XMLParser` on Linux reads that pointer as a C string: a feed
/// containing `<?x?>` anywhere ended `lacripta news` with a segmentation fault (found by
/// fuzzing, `FuzzTesting/Corpus/feed-reader/crash-empty-processing-instruction`). A space after
/// the target (`<?x ?>`) makes libxml2 pass empty data instead, and changes nothing a feed means:
/// processing instructions carry no article.
///
/// Every `<?name?>` gets its space, wherever it stands: the scan does not try to tell what is
/// an instruction, a comment or CDATA, because libxml2's recovery does not always agree (the
/// fuzzer's second find, `crash-nested-processing-instruction`, hid `<?x?>` behind a broken
/// `<?<`). The cost is a space in the rare comment or CDATA text that holds such a string.
enum FeedInstructions {
    /// `data`, or a copy with a space after the target of each instruction that has no data.
    static func withData(_ data: Data) -> Data {
        let insertions = data.withUnsafeBytes { emptyInstructionEnds(in: $0) }
        guard !insertions.isEmpty else { return data }
        var repaired = Data(capacity: data.count + insertions.count)
        var start = data.startIndex
        for offset in insertions {
            let index = data.startIndex + offset
            repaired.append(data[start..<index])
            repaired.append(0x20)
            start = index
        }
        repaired.append(data[start...])
        return repaired
    }

    /// The offsets of each `?>` that directly follows `<?` and a target (no white space, no `?`
    /// or `<` in it), in order.
    static func emptyInstructionEnds(in bytes: UnsafeRawBufferPointer) -> [Int] {
        var found: [Int] = []
        let count = bytes.count
        var index = 0
        while index + 1 < count {
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < count, !Self.endsTarget(bytes[end]) { end += 1 }
            if end > index + 2, end + 1 < count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
                found.append(end)
            }
            index += 2
        }
        return found
    }

    /// White space, `?` and `<` end a target as far as this scan is concerned.
    private static func endsTarget(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "<")
    }
}
