/// An open-addressing table from the bytes of a JSON object's keys to what a format makes of them
/// (`StreamerKey` for the streamer), built once per parser.
///
/// Chosen over `[String: Key]` so that looking up a key allocates nothing and costs one hash of
/// two words plus, usually, one comparison.
struct KeyTable<Key: Sendable>: Sendable {
    /// One slot; `words.length == 0` marks an empty slot (no key is empty), whose `key` is nil.
    private struct Entry: Sendable {
        var words = KeyWords(bytes: [])
        var key: Key?
    }

    /// 128 slots for ~60 keys (the streamer's) keeps probe chains short.
    private static var slotBits: Int { 7 }
    private let entries: [Entry]

    /// Builds the table; keys longer than `KeyWords.capacity` cannot be represented and are left out.
    /// At most half the slots may be taken, or probing would grow long (and never end when full).
    init(keys: [(name: String, key: Key)]) {
        precondition(keys.count <= (1 << Self.slotBits) / 2, "a KeyTable holds at most 64 keys")
        var entries = [Entry](repeating: Entry(), count: 1 << Self.slotBits)
        for (name, key) in keys where (1...KeyWords.capacity).contains(name.utf8.count) {
            let words = KeyWords(bytes: Array(name.utf8))
            var slot = Self.slot(words.hash)
            while entries[slot].words.length != 0 { slot = (slot + 1) & (entries.count - 1) }
            entries[slot] = Entry(words: words, key: key)
        }
        self.entries = entries
    }

    /// The key whose bytes `words` hold, or `nil` for a key we do not read.
    @inline(__always)
    func lookup(_ words: KeyWords) -> Key? {
        entries.withUnsafeBufferPointer { entries in
            var slot = Self.slot(words.hash)
            while true {
                let entry = entries[slot]
                if entry.words.length == 0 { return nil }
                if entry.words == words { return entry.key }
                slot = (slot + 1) & (entries.count - 1)
            }
        }
    }

    @inline(__always)
    private static func slot(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash >> UInt64(64 - slotBits))
    }
}
