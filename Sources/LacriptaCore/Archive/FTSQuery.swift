import Foundation

/// Turns what a user typed into an FTS5 query that means "all these words".
///
/// Each word becomes an FTS5 string ("…", with `"` doubled), so quotes, `*`, `-`, `:`, `NEAR`,
/// `AND` and parentheses are searched for as text, never read as query syntax: no input can fail
/// the query or widen it. The query itself is bound as a parameter like every other value.
public enum FTSQuery {
    /// The MATCH text for `input`, nil when it holds no word.
    public static func match(for input: String) -> String? {
        let words = input.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).map(String.init).filter { word in
            // A word of punctuation only has no token for the index to match; skip it rather
            // than match nothing.
            word.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        }
        guard !words.isEmpty else { return nil }
        return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " ")
    }

    /// The words of `input` a highlighter looks for, lower-cased.
    public static func words(in input: String) -> [String] {
        input.split(whereSeparator: { $0.isWhitespace }).map { $0.lowercased().filter { $0.isLetter || $0.isNumber } }.filter { !$0.isEmpty }
    }
}
