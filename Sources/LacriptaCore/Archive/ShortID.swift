/// Short, stable ids for archived articles ("k7q2"): what lists show and `lacripta article`
/// takes.
///
/// Derived from the article's key with FNV-1a (the same on every machine and run, unlike Swift's
/// seeded `Hasher`): four characters, one more each time a shorter one is already taken by
/// another article. The first character is a letter, so an id is never mistaken for a position in
/// the last list ("3"); the alphabet leaves out i, l, o and u, which read as 1, 0 or v.
enum ShortID {
    /// Letters for the first character.
    private static let letters = Array("abcdefghjkmnpqrstvwxyz")
    /// Letters and digits for the rest.
    private static let characters = Array("0123456789abcdefghjkmnpqrstvwxyz")
    /// The shortest id.
    static let minimumLength = 4

    /// The candidates for `key`, shortest first: each is the previous one with a character more.
    static func candidates(for key: String) -> [String] {
        var hash = fnv1a(key)
        var id = String(letters[Int(hash % UInt64(letters.count))])
        hash /= UInt64(letters.count)
        var result: [String] = []
        // 64 bits give 12 more characters of 32; a later round hashes again with a salt.
        var round: UInt64 = 0
        while id.count < 16 {
            if hash == 0 {
                round += 1
                hash = fnv1a(key + "#\(round)")
            }
            id.append(characters[Int(hash % 32)])
            hash /= 32
            if id.count >= minimumLength { result.append(id) }
        }
        return result
    }

    /// Whether `text` could be a short id (as opposed to a list position).
    static func isWellFormed(_ text: String) -> Bool {
        guard let first = text.first, letters.contains(first), (minimumLength...16).contains(text.count) else { return false }
        return text.allSatisfy(characters.contains)
    }

    /// FNV-1a, 64 bits, over the UTF-8 bytes.
    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
