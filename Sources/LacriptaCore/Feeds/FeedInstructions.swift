import Foundation

/// Gives every processing instruction some data before the XML parser sees it.
///
/// libxml2 reports `<?name?>`, an instruction with a target and nothing else, with a null data
/// pointer, and Foundation's `XMLParser` on Linux reads that pointer as a C string: a feed
/// containing `<?x?>` anywhere ended `lacripta news` with a segmentation fault (found by
/// fuzzing, `FuzzTesting/Corpus/feed-reader/crash-empty-processing-instruction`). A space after
/// the target (`<?x ?>`) makes libxml2 pass empty data instead, and changes nothing a feed means:
/// processing instructions carry no article. Comments and CDATA sections are stepped over, so
/// their text stays as written.
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

    /// The offsets of the `?>` that directly follows an instruction's target, in order.
    static func emptyInstructionEnds(in bytes: UnsafeRawBufferPointer) -> [Int] {
        var found: [Int] = []
        var index = 0
        let count = bytes.count
        func starts(_ text: StaticString, at position: Int) -> Bool {
            let length = text.utf8CodeUnitCount
            guard position + length <= count else { return false }
            for offset in 0..<length where bytes[position + offset] != text.utf8Start[offset] { return false }
            return true
        }
        /// The index just past `terminator` from `position`, or `count` when it never comes.
        func skip(past terminator: StaticString, from position: Int) -> Int {
            var position = position
            while position < count, !starts(terminator, at: position) { position += 1 }
            return min(count, position + terminator.utf8CodeUnitCount)
        }
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if starts("<!--", at: index) {
                index = skip(past: "-->", from: index + 4)
            } else if starts("<![CDATA[", at: index) {
                index = skip(past: "]]>", from: index + 9)
            } else if starts("<?", at: index) {
                // The target runs to white space or `?`; `?>` right after it means no data.
                var end = index + 2
                while end < count, !Self.isSpace(bytes[end]), bytes[end] != UInt8(ascii: "?") { end += 1 }
                if end > index + 2, starts("?>", at: end) { found.append(end) }
                index = skip(past: "?>", from: end)
            } else {
                index += 1
            }
        }
        return found
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
