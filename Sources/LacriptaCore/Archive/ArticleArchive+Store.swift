import Foundation
import LacriptaSQLite

extension ArticleArchive {
    /// The separator of stored lists (categories, tags, coins).
    static let separator = "\u{1F}"

    /// Stores fetched articles (new ones inserted, known ones updated and their coins merged) and
    /// drops unsaved, unrated articles first seen more than `keepDays` ago, all in one
    /// transaction. Returns the stored articles in the order given, with their marks; `coins`
    /// holds, per article, the tickers it is known to be about.
    @discardableResult
    public func store(
        _ articles: [NewsArticle], from source: ArchiveSource, coins: [[String]] = [], now: Date
    ) throws(LacriptaError)
        -> [ArchivedArticle]
    {
        try guarded {
            // What a fetch stores can be fetched again, so its commit does not wait for the disk
            // (WAL with synchronous NORMAL: no fsync per commit, ~30 ms of the ~38 ms a store of
            // 200 took). A kill -9 still loses nothing committed; only a power cut can take back
            // the last stores. The reader's marks keep FULL: their commits (and this one with
            // them) reach the disk before returning.
            try database.execute("PRAGMA synchronous = NORMAL")
            defer { try? database.execute("PRAGMA synchronous = FULL") }
            return try database.transaction {
                let lastLook = try lastLooked()
                var stored: [ArchivedArticle] = []
                stored.reserveCapacity(articles.count)
                for (index, article) in articles.enumerated() {
                    let about = index < coins.count ? coins[index] : []
                    stored.append(try upsert(article, source: source, coins: about, now: now, lastLook: lastLook))
                }
                try database.run(
                    "DELETE FROM articles WHERE saved_at IS NULL AND rating IS NULL AND first_seen < ?1",
                    [.real(now.timeIntervalSince1970 - Double(keepDays) * 86_400)])
                return stored
            }
        }
    }

    /// The key two fetches of one article share: its canonical link, else the service's id.
    public static func key(_ article: NewsArticle, source: ArchiveSource) -> String {
        let link = article.url.trimmingCharacters(in: .whitespacesAndNewlines)
        return link.isEmpty ? "\(source.rawValue):\(article.id)" : "link:" + ArticleLink.canonical(link)
    }

    private func upsert(_ article: NewsArticle, source: ArchiveSource, coins: [String], now: Date, lastLook: Date?) throws -> ArchivedArticle {
        let key = Self.key(article, source: source)
        let categories = article.categories.joined(separator: Self.separator)
        let tags = article.tags.joined(separator: Self.separator)
        if let row = try database.row("SELECT id, coins FROM articles WHERE key = ?1", [.text(key)]) {
            var merged = row.text(1).split(separator: Self.separator).map(String.init)
            for coin in coins.map({ $0.uppercased() }) where !merged.contains(coin) { merged.append(coin) }
            // Only a real change is written: an unchanged title and text leave the index alone.
            try database.run(
                """
                UPDATE articles SET title = ?2, text = ?3, categories = ?4, tags = ?5, coins = ?6, outlet = ?7, published = ?8
                WHERE id = ?1 AND (title <> ?2 OR text <> ?3 OR categories <> ?4 OR tags <> ?5 OR coins <> ?6 OR outlet <> ?7 OR published <> ?8)
                """,
                [
                    .integer(Int64(row.integer(0))), .text(article.title), .text(article.body), .text(categories), .text(tags),
                    .text(merged.joined(separator: Self.separator)), .text(article.source), .real(article.publishedOn.timeIntervalSince1970),
                ])
            guard let stored = try lookup(id: row.integer(0), lastLook: lastLook) else {
                throw LacriptaError.io("news archive \(path): a row vanished")
            }
            return stored
        }
        let ref = try freeRef(for: key)
        try database.run(
            """
            INSERT INTO articles (ref, key, source, service_id, outlet, title, link, published, categories, tags, coins, text, author, first_seen)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
            """,
            [
                .text(ref), .text(key), .text(source.rawValue), .text(article.id), .text(article.source), .text(article.title), .text(article.url),
                .real(article.publishedOn.timeIntervalSince1970), .text(categories), .text(tags),
                .text(coins.map { $0.uppercased() }.joined(separator: Self.separator)), .text(article.body), article.author.sqliteValue,
                .real(now.timeIntervalSince1970),
            ])
        return ArchivedArticle(
            ref: ref, article: article, source: source.rawValue, coins: coins.map { $0.uppercased() }, firstSeen: now, readAt: nil, savedAt: nil,
            rating: nil, isNew: lastLook.map { now > $0 } ?? true)
    }

    /// The shortest candidate id for `key` no other article holds.
    private func freeRef(for key: String) throws -> String {
        for candidate in ShortID.candidates(for: key) where try database.row("SELECT 1 FROM articles WHERE ref = ?1", [.text(candidate)]) == nil {
            return candidate
        }
        throw LacriptaError.io("news archive \(path): no free short id for an article")
    }
}
