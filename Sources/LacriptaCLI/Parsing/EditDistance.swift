/// Levenshtein distance, for "did you mean" suggestions on mistyped options and commands.
enum EditDistance {
    /// The number of single-character edits turning `a` into `b`.
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The candidate closest to `word`, if it is close enough to be a plausible typo.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, between(word, $0)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(2, word.count / 3) else { return nil }
        return best
    }
}
