import Foundation
import LacriptaSQLite

extension ArticleArchive {
    /// The article with short id `ref`, if the archive holds it.
    public func article(ref: String) throws(LacriptaError) -> ArchivedArticle? {
        try guarded {
            let lastLook = try lastLooked()
            return try database.row(
                """
                SELECT ref, source, service_id, outlet, title, link, published, categories, tags, coins, text, author, first_seen, read_at,
                    saved_at, rating FROM articles WHERE ref = ?1
                """, [.text(ref.lowercased())]
            ).map { Self.article($0, lastLook: lastLook) }
        }
    }

    /// The archived articles `filter` keeps, newest first, at most `limit`.
    public func list(_ filter: ArchiveFilter, limit: Int) throws(LacriptaError) -> [ArchivedArticle] {
        try guarded {
            let lastLook = try lastLooked()
            return try database.rows(
                """
                SELECT ref, source, service_id, outlet, title, link, published, categories, tags, coins, text, author, first_seen, read_at,
                    saved_at, rating FROM articles
                WHERE (?1 = 0 OR saved_at IS NOT NULL) AND (?2 = 0 OR read_at IS NULL) AND (?3 = 0 OR (read_at IS NOT NULL AND rating IS NULL))
                    AND (?4 IS NULL OR instr(char(31) || coins || char(31), char(31) || ?4 || char(31)) > 0)
                    AND (?5 IS NULL OR lower(replace(outlet, ' ', '')) = lower(replace(?5, ' ', '')))
                    AND (?6 IS NULL OR instr(char(31) || upper(categories || char(31) || tags) || char(31), char(31) || upper(?6) || char(31)) > 0)
                    AND (?7 IS NULL OR (published < ?7 AND published > 0))
                ORDER BY published DESC, id DESC LIMIT ?8
                """, Self.parameters(filter) + [.integer(Int64(limit))]
            ).map { Self.article($0, lastLook: lastLook) }
        }
    }

    /// How many of the latest-stored matches a search ranks. A word most articles hold matches
    /// tens of thousands; scoring them all took ~300 ms at 100,000 articles, while the index
    /// hands its matches newest-stored first, so stopping after these keeps a search to a few ms.
    public static let searchWindow = 2000

    /// Full-text search over titles and text, best match first (`lacripta_rank`: BM25's term
    /// frequencies, a title word counting four times a body word, without `bm25`'s walk over every
    /// match to weigh rare words), narrowed by `filter`, among the `searchWindow` matches stored
    /// last (every match, in an archive with fewer). `text` is the user's words: each is quoted
    /// as an FTS5 string, so no query syntax in it can fail or reach further than the words.
    public func search(_ text: String, filter: ArchiveFilter = ArchiveFilter(), limit: Int) throws(LacriptaError) -> [ArchivedArticle] {
        guard let match = FTSQuery.match(for: text) else { return [] }
        return try guarded {
            let lastLook = try lastLooked()
            // The inner query walks the index in rowid order (newest stored first: FTS5 gives that
            // order itself, so the LIMIT ends the walk) and scores only what it keeps.
            return try database.rows(
                """
                SELECT a.ref, a.source, a.service_id, a.outlet, a.title, a.link, a.published, a.categories, a.tags, a.coins, a.text, a.author,
                    a.first_seen, a.read_at, a.saved_at, a.rating
                FROM (
                    SELECT articles_fts.rowid AS id, lacripta_rank(articles_fts, 4.0, 1.0) AS score
                    FROM articles_fts JOIN articles AS f ON f.id = articles_fts.rowid
                    WHERE articles_fts MATCH ?9
                        AND (?1 = 0 OR f.saved_at IS NOT NULL) AND (?2 = 0 OR f.read_at IS NULL) AND (?3 = 0 OR (f.read_at IS NOT NULL AND f.rating IS NULL))
                        AND (?4 IS NULL OR instr(char(31) || f.coins || char(31), char(31) || ?4 || char(31)) > 0)
                        AND (?5 IS NULL OR lower(replace(f.outlet, ' ', '')) = lower(replace(?5, ' ', '')))
                        AND (?6 IS NULL OR instr(char(31) || upper(f.categories || char(31) || f.tags) || char(31), char(31) || upper(?6) || char(31)) > 0)
                        AND (?7 IS NULL OR (f.published < ?7 AND f.published > 0))
                    ORDER BY articles_fts.rowid DESC LIMIT ?10
                ) AS m JOIN articles AS a ON a.id = m.id
                ORDER BY m.score, a.published DESC LIMIT ?8
                """, Self.parameters(filter) + [.integer(Int64(limit)), .text(match), .integer(Int64(Self.searchWindow))]
            ).map { Self.article($0, lastLook: lastLook) }
        }
    }

    /// What the reader has read or rated, most recent first, at most `limit`: what
    /// `ForYouRanking` learns from.
    public func history(limit: Int) throws(LacriptaError) -> [ArchivedArticle] {
        try guarded {
            try database.rows(
                """
                SELECT ref, source, service_id, outlet, title, link, published, categories, tags, coins, text, author, first_seen, read_at,
                    saved_at, rating FROM articles WHERE read_at IS NOT NULL OR rating IS NOT NULL
                ORDER BY coalesce(rated_at, read_at) DESC LIMIT ?1
                """, [.integer(Int64(limit))]
            ).map { Self.article($0, lastLook: nil) }
        }
    }

    /// How many articles of `outlet` (compared without case or spaces) the archive holds.
    public func count(outlet: String) throws(LacriptaError) -> Int {
        try guarded {
            try database.row("SELECT count(*) FROM articles WHERE lower(replace(outlet, ' ', '')) = lower(replace(?1, ' ', ''))", [.text(outlet)])?
                .integer(0) ?? 0
        }
    }

    /// How many articles the archive holds.
    public func count() throws(LacriptaError) -> Int {
        try guarded { try database.row("SELECT count(*) FROM articles")?.integer(0) ?? 0 }
    }

    /// The article with row id `id` (after a store).
    func lookup(id: Int, lastLook: Date?) throws -> ArchivedArticle? {
        try database.row(
            """
            SELECT ref, source, service_id, outlet, title, link, published, categories, tags, coins, text, author, first_seen, read_at,
                saved_at, rating FROM articles WHERE id = ?1
            """, [.integer(Int64(id))]
        ).map { article($0, lastLook: lastLook) }
    }

    private func article(_ row: SQLiteRow, lastLook: Date?) -> ArchivedArticle { Self.article(row, lastLook: lastLook) }

    /// `filter` as parameters ?1…?7 of the queries above.
    private static func parameters(_ filter: ArchiveFilter) -> [SQLiteValue] {
        [
            .integer(filter.saved ? 1 : 0), .integer(filter.unread ? 1 : 0), .integer(filter.toRate ? 1 : 0),
            filter.coin.map { .text($0.uppercased()) } ?? .null, filter.outlet.sqliteValue, filter.category.sqliteValue,
            filter.before.map { .real($0.timeIntervalSince1970) } ?? .null,
        ]
    }

    /// A row of the common column list as an archived article.
    static func article(_ row: SQLiteRow, lastLook: Date?) -> ArchivedArticle {
        func list(_ index: Int) -> [String] { row.text(index).split(separator: separator).map(String.init) }
        func date(_ index: Int) -> Date? { row[index].real.map(Date.init(timeIntervalSince1970:)) }
        let article = NewsArticle(
            id: row.text(2), title: row.text(4), url: row.text(5), body: row.text(10), publishedOn: Date(timeIntervalSince1970: row.real(6)),
            source: row.text(3), categories: list(7), tags: list(8), author: row[11].text)
        let firstSeen = Date(timeIntervalSince1970: row.real(12))
        return ArchivedArticle(
            ref: row.text(0), article: article, source: row.text(1), coins: list(9), firstSeen: firstSeen, readAt: date(13), savedAt: date(14),
            rating: row[15].integer.map { Int($0) }, isNew: lastLook.map { firstSeen > $0 } ?? true)
    }
}
