import LacriptaSQLite

/// The archive's schema as a list of steps, each taking the database from one version
/// (`PRAGMA user_version`) to the next. A new database runs them all; an older one only those
/// it lacks. Steps are never edited once released, only appended (newsboat's schema patches).
enum ArchiveSchema {
    /// The version the last step leaves.
    static let latest = 2

    /// Applies the steps after the database's version up to `target`, in one transaction that
    /// takes the write lock first: two processes opening a new archive at once migrate it once.
    static func migrate(_ database: SQLiteConnection, to target: Int = latest) throws {
        try database.transaction {
            let current = try database.userVersion()
            guard current < target else { return }
            for version in (current + 1)...target { try step(to: version, database) }
            try database.setUserVersion(target)
        }
    }

    /// The step that makes `version`.
    private static func step(to version: Int, _ database: SQLiteConnection) throws {
        switch version {
        case 1:
            // Lists (categories, tags, coins) are joined with U+001F, which no feed text keeps
            // (the sanitiser strips control characters before anything is shown anyway).
            try database.execute(
                """
                CREATE TABLE articles (
                    id INTEGER PRIMARY KEY,
                    ref TEXT NOT NULL UNIQUE,
                    key TEXT NOT NULL UNIQUE,
                    source TEXT NOT NULL,
                    service_id TEXT NOT NULL,
                    outlet TEXT NOT NULL,
                    title TEXT NOT NULL,
                    link TEXT NOT NULL,
                    published REAL NOT NULL,
                    categories TEXT NOT NULL,
                    tags TEXT NOT NULL,
                    coins TEXT NOT NULL,
                    text TEXT NOT NULL,
                    author TEXT,
                    first_seen REAL NOT NULL,
                    read_at REAL,
                    saved_at REAL,
                    rating INTEGER CHECK (rating BETWEEN 1 AND 5),
                    rated_at REAL
                );
                CREATE INDEX articles_first_seen ON articles (first_seen);
                CREATE INDEX articles_published ON articles (published);
                CREATE TABLE state (name TEXT PRIMARY KEY, value TEXT NOT NULL);
                """)
        case 2:
            // An external-content index: the text is stored once, in `articles`; triggers keep
            // the index in step, and `rebuild` indexes what an older archive already holds.
            try database.execute(
                """
                CREATE VIRTUAL TABLE articles_fts USING fts5 (
                    title, text, content = 'articles', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2'
                );
                CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN
                    INSERT INTO articles_fts (rowid, title, text) VALUES (new.id, new.title, new.text);
                END;
                CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
                    INSERT INTO articles_fts (articles_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
                END;
                CREATE TRIGGER articles_fts_update AFTER UPDATE OF title, text ON articles BEGIN
                    INSERT INTO articles_fts (articles_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
                    INSERT INTO articles_fts (rowid, title, text) VALUES (new.id, new.title, new.text);
                END;
                INSERT INTO articles_fts (articles_fts) VALUES ('rebuild');
                """)
        default:
            preconditionFailure("no schema step makes version \(version)")
        }
    }
}
