/// A fixed set of names (JSON keys, or string values such as `"ticker"` and the subscribed
/// symbols) that an exchange parser recognises by their bytes, without building a `String`.
///
/// Names of up to `KeyWords.capacity` bytes live in a small open-addressing table keyed by their
/// words, as the streamer's `KeyTable` does; longer ones (a Bitstamp channel for a long symbol)
/// are compared byte by byte, which is rare enough not to matter.
struct WireNames<Value: Sendable>: Sendable {
    /// One slot; `words.length == 0` marks an empty one (no name is empty).
    private struct Entry: Sendable {
        var words: KeyWords
        var value: Value?
    }

    private let entries: [Entry]
    private let mask: Int
    private let shift: UInt64
    private let long: [(bytes: [UInt8], value: Value)]

    /// A table of `names`; an empty name is left out, and of two equal names the first wins.
    init(_ names: [(name: String, value: Value)]) {
        var bits = 3
        while 1 << bits < names.count * 2 { bits += 1 }
        var entries = [Entry](repeating: Entry(words: KeyWords(bytes: []), value: nil), count: 1 << bits)
        var long: [([UInt8], Value)] = []
        let mask = (1 << bits) - 1
        let shift = UInt64(64 - bits)
        for (name, value) in names {
            let bytes = Array(name.utf8)
            guard !bytes.isEmpty else { continue }
            guard bytes.count <= KeyWords.capacity else {
                if !long.contains(where: { $0.0 == bytes }) { long.append((bytes, value)) }
                continue
            }
            let words = KeyWords(bytes: bytes)
            var slot = Int(truncatingIfNeeded: words.hash >> shift)
            while entries[slot].words.length != 0, entries[slot].words != words { slot = (slot + 1) & mask }
            if entries[slot].words.length == 0 { entries[slot] = Entry(words: words, value: value) }
        }
        self.entries = entries
        self.mask = mask
        self.shift = shift
        self.long = long
    }

    /// The value of the name spelled by `span` of `base`; `limit` is how many bytes of `base` may
    /// be read (a name's words are loaded straight from the message when 32 bytes are there).
    @inline(__always)
    func value(_ base: UnsafePointer<UInt8>, _ span: Range<Int>, limit: Int) -> Value? {
        let length = span.count
        guard length <= KeyWords.capacity else { return longValue(UnsafeBufferPointer(start: base + span.lowerBound, count: length)) }
        let words =
            span.lowerBound &+ KeyWords.capacity <= limit
            ? KeyWords(at: UnsafeRawPointer(base + span.lowerBound), length: length)
            : KeyWords(bytes: UnsafeBufferPointer(start: base + span.lowerBound, count: length))
        return entries.withUnsafeBufferPointer { entries in
            var slot = Int(truncatingIfNeeded: words.hash >> shift)
            while true {
                let entry = entries[slot]
                if entry.words.length == 0 { return nil }
                if entry.words == words { return entry.value }
                slot = (slot &+ 1) & mask
            }
        }
    }

    /// The value of a name longer than a table word set holds.
    private func longValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        long.first { $0.bytes.elementsEqual(bytes) }?.value
    }
}
