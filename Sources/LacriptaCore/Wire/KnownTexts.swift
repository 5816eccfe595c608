/// Strings a parser expects as values, such as the subscribed pairs' market and symbols: a value
/// that is one of them is matched by its words and shares the stored `String`, instead of being
/// decoded and validated into a new one three times per update.
struct KnownTexts: Sendable {
    private let entries: [(words: KeyWords, text: String)]

    /// The distinct `texts` that fit `KeyWords.capacity`; longer ones are simply never matched.
    init(_ texts: some Sequence<String>) {
        var seen = Set<String>()
        entries = texts.compactMap { text in
            let bytes = Array(text.utf8)
            guard (1...KeyWords.capacity).contains(bytes.count), seen.insert(text).inserted else { return nil }
            return (KeyWords(bytes: bytes), text)
        }
    }

    /// Whether there is nothing to match.
    var isEmpty: Bool { entries.isEmpty }

    /// The stored string whose bytes `words` hold, if any.
    @inline(__always)
    func match(_ words: KeyWords) -> String? {
        for entry in entries where entry.words == words { return entry.text }
        return nil
    }
}
