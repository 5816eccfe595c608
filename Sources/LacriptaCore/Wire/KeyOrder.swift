/// The order in which keys came in the messages read so far, so that the parser can check the next
/// key against one guess instead of finding where it ends and looking it up.
///
/// The streamer writes the keys of a message in one fixed order and leaves out what did not change,
/// so "the key that followed this one last time" is right for most keys of most messages. A guess is
/// checked against every byte of the key and its closing quote, so a wrong one costs only the
/// comparison; the key is then read and looked up as usual, and the order learns it.
///
/// It remembers the outcome of looking a key up in one parser's table: use it with that parser only.
struct KeyOrder<Key: Sendable>: Sendable {
    /// One key seen so far.
    private struct Learned: Sendable {
        /// The key's bytes.
        var words: KeyWords
        /// What the parser's table said: the key, or nil for one it does not read.
        var key: Key?
        /// The entry of the key that came after this one last time, or -1.
        var next: Int
    }

    /// Distinct keys remembered at most: the streamer has about sixty, and a message that brings
    /// new ones past this is simply read without guesses.
    static var capacity: Int { 64 }

    private var learned: [Learned] = []
    /// The entry of the first key of the last message, or -1.
    private var first = -1
    /// The entry of the key just read in this message; -1 at the start of a message, and after a
    /// key that could not be learned (nothing to guess from then).
    private var current = -1
    /// Whether the last key read was the first of its message.
    private var atStart = true

    /// An order that has seen nothing yet.
    init() {}

    /// A new message begins: the next guess is the key that began the last one.
    @inline(__always)
    mutating func startMessage() {
        current = -1
        atStart = true
    }

    /// The guess for the next key: its bytes and what it reads as, or nil when there is none.
    @inline(__always)
    var guess: (index: Int, words: KeyWords, key: Key?)? {
        let index = atStart ? first : current >= 0 ? learned[current].next : -1
        guard index >= 0 else { return nil }
        let entry = learned[index]
        return (index, entry.words, entry.key)
    }

    /// The guess at `index` was the key.
    @inline(__always)
    mutating func confirm(_ index: Int) {
        current = index
        atStart = false
    }

    /// The next key was not the guess: it has these `words` (nil when it cannot be represented,
    /// too long or escaped) and reads as `key`. Links it after the key before it.
    mutating func learn(_ words: KeyWords?, as key: Key?) {
        var index = -1
        if let words {
            index = learned.firstIndex { $0.words == words } ?? -1
            if index < 0, learned.count < Self.capacity {
                learned.append(Learned(words: words, key: key, next: -1))
                index = learned.count - 1
            }
        }
        if atStart {
            first = index
        } else if current >= 0 {
            learned[current].next = index
        }
        current = index
        atStart = false
    }
}
