import Foundation

/// Decides whether an article is about a coin, from its ticker and name.
///
/// The rule (issue 13): an article is about a coin when its categories or tags name the symbol
/// or the coin's name, or its title or summary contains the name, or the symbol as a whole word
/// in capitals. So `ETH` matches "ETH ETFs" and "$ETH" but not "Ethan" or "eth"; `ONE` and `DOT`
/// as plain words ("one", "dot") do not count.
///
/// Two choices the rule leaves open, made against false positives:
/// - The name counts as a whole word (or phrase) written as a proper noun: any case after the
///   first letter, but that letter capitalised ("Bitcoin", "BITCOIN", not "bitcoin"). Coin names
///   are often common words (Stellar, Compound, Harmony, Flow, Quant, Dash), and the lower-case
///   word is almost always the common one ("a stellar quarter", "compound interest").
/// - A one-letter ticker (Sonic's `S`) never matches as a word: capital single letters are
///   everywhere ("U.S.", "S&P 500"). Its name and categories still do.
/// The summary is the article body as text (`HTMLText`), so a link's `href` does not count.
public struct CoinMatcher: Sendable {
    /// The ticker, upper case.
    public let symbol: String
    /// The coin's name.
    public let name: String

    /// Creates a matcher for a coin; `symbol` is upper-cased.
    public init(symbol: String, name: String) {
        self.symbol = symbol.trimmingCharacters(in: .whitespaces).uppercased()
        self.name = name.trimmingCharacters(in: .whitespaces)
    }

    /// Whether `article` is about the coin.
    public func matches(_ article: NewsArticle) -> Bool {
        if (article.categories + article.tags).contains(where: namesTheCoin) { return true }
        if mentions(in: HTMLEntities.decode(article.title)) { return true }
        return mentions(in: HTMLText.plainText(fromHTML: article.body))
    }

    /// Whether a category or tag is the symbol or the name (case-insensitive, whole).
    func namesTheCoin(_ label: String) -> Bool {
        let trimmed = label.trimmingCharacters(in: .whitespaces)
        return (!symbol.isEmpty && trimmed.caseInsensitiveCompare(symbol) == .orderedSame)
            || (!name.isEmpty && trimmed.caseInsensitiveCompare(name) == .orderedSame)
    }

    /// Whether plain `text` contains the name as a proper noun or the symbol as a capital word.
    public func mentions(in text: String) -> Bool {
        if symbol.count > 1, containsWord(symbol, in: text, options: [.literal]) { return true }
        return !name.isEmpty
            && containsWord(name, in: text, options: [.caseInsensitive]) { match in
                match.first.map { !$0.isLetter || $0.isUppercase } ?? false
            }
    }

    /// Whether `word` occurs in `text` with no letter or digit directly before or after it and
    /// the matched text passing `accept`.
    private func containsWord(
        _ word: String, in text: String, options: String.CompareOptions, accept: (Substring) -> Bool = { _ in true }
    ) -> Bool {
        var searchStart = text.startIndex
        while let range = text.range(of: word, options: options, range: searchStart..<text.endIndex) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !Self.isWordCharacter(before), !Self.isWordCharacter(after), accept(text[range]) { return true }
            searchStart = text.index(after: range.lowerBound)
        }
        return false
    }

    private static func isWordCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber
    }
}
