import LacriptaCore
import LacriptaTerminal

/// `news --for-you`: the fetched news ranked by `ForYouRanking` from the reader's archive.
extension NewsCommand {
    /// How many of the reader's latest read or rated articles the ranking learns from.
    static let forYouHistory = 5000

    /// Every fetched article, in order, with the followed coins it names (`CoinMatcher`'s rule
    /// alone: unlike `--following`, the query was not narrowed to one coin, so nothing is about a
    /// coin just for being in the list).
    static func withCoins(_ articles: [NewsArticle], following coins: [FollowedCoin]) -> [FollowedArticle] {
        let matchers = coins.map { (coin: $0, matcher: CoinMatcher(symbol: $0.symbol, name: $0.name ?? "")) }
        return articles.map { article in
            let about = matchers.filter { $0.matcher.matches(article) }.map(\.coin)
            return FollowedArticle(article: article, coins: about.map(\.symbol), isAboutHeldCoin: about.contains(where: \.isHeld))
        }
    }

    /// `items` (with their marks) ranked for the reader, unread first, with each one's reasons.
    /// With nothing rated yet stderr says so: the order then follows the coins followed and the
    /// kinds read most.
    func rankForYou(
        _ items: [FollowedArticle], marks: [ArchivedArticle?], followed: [FollowedCoin], archive: ArticleArchive, context: Context
    ) throws -> ([FollowedArticle], [ArchivedArticle?], [[String]]) {
        let ranking = ForYouRanking(history: try archive.history(limit: Self.forYouHistory))
        if !ranking.hasRatings {
            context.printError(
                StyledText(
                    "note: nothing rated yet, so these follow your coins and what you read most; rate with lacripta article REF --rate 1-5",
                    style: .secondary))
        }
        var records: [ArchivedArticle] = []
        var itemByRef: [String: FollowedArticle] = [:]
        for (item, mark) in zip(items, marks) {
            guard var mark else { continue }
            // What --following found each article to be about counts as much as the archive's coins.
            mark.coins += item.coins.filter { !mark.coins.contains($0) }
            records.append(mark)
            itemByRef[mark.ref] = item
        }
        let held = Dictionary(followed.map { ($0.symbol, $0.isHeld) }) { first, _ in first }
        let picks = ranking.rank(records, followed: held)
        // What was read already goes last: recommendations are for what is still to read.
        let ordered = picks.filter { !$0.article.isRead } + picks.filter(\.article.isRead)
        return (ordered.compactMap { itemByRef[$0.article.ref] }, ordered.map(\.article), ordered.map(\.why))
    }
}
