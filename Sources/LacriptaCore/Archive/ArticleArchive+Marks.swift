import Foundation
import LacriptaSQLite

extension ArticleArchive {
    /// A change to one article's marks.
    public enum Mark: Sendable, Equatable {
        /// Read (at the time given), or unread again.
        case read(Bool)
        /// Saved (kept for ever), or not.
        case saved(Bool)
        /// Rated 1 to 5, or the rating removed.
        case rating(Int?)
    }

    /// Applies `mark` to the article `ref`; false when the archive holds no such article. Each
    /// mark is one statement, so processes marking at once never undo each other's marks.
    @discardableResult
    public func set(_ mark: Mark, ref: String, now: Date) throws(LacriptaError) -> Bool {
        let ref = SQLiteValue.text(ref.lowercased())
        let time = SQLiteValue.real(now.timeIntervalSince1970)
        return try guarded {
            let changed: Int
            switch mark {
            case .read(true): changed = try database.run("UPDATE articles SET read_at = coalesce(read_at, ?2) WHERE ref = ?1", [ref, time])
            case .read(false): changed = try database.run("UPDATE articles SET read_at = NULL WHERE ref = ?1", [ref])
            case .saved(true): changed = try database.run("UPDATE articles SET saved_at = coalesce(saved_at, ?2) WHERE ref = ?1", [ref, time])
            case .saved(false): changed = try database.run("UPDATE articles SET saved_at = NULL WHERE ref = ?1", [ref])
            case .rating(let stars?):
                precondition((1...5).contains(stars), "ratings are 1 to 5")
                changed = try database.run(
                    "UPDATE articles SET rating = ?3, rated_at = ?2, read_at = coalesce(read_at, ?2) WHERE ref = ?1",
                    [ref, time, .integer(Int64(stars))])
            case .rating(nil): changed = try database.run("UPDATE articles SET rating = NULL, rated_at = NULL WHERE ref = ?1", [ref])
            }
            return changed > 0
        }
    }

    /// When the reader last looked at a list (nil before the first time).
    public func lastLooked() throws -> Date? {
        try database.row("SELECT value FROM state WHERE name = 'looked_at'").flatMap { Double($0.text(0)) }.map(Date.init(timeIntervalSince1970:))
    }

    /// Records a list shown: `refs` are the positions `lacripta article N` takes; with `now`
    /// (a list of fetched news, not a search of the archive) what arrives later is new.
    public func recordLook(at now: Date?, refs: [String]) throws(LacriptaError) {
        try guarded {
            try database.transaction {
                if let now {
                    try database.run(
                        "INSERT INTO state (name, value) VALUES ('looked_at', ?1) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                        [.text(String(now.timeIntervalSince1970))])
                }
                try database.run(
                    "INSERT INTO state (name, value) VALUES ('last_list', ?1) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                    [.text(refs.joined(separator: " "))])
            }
        }
    }

    /// The short ids of the last list, in its order.
    public func lastList() throws(LacriptaError) -> [String] {
        try guarded {
            try database.row("SELECT value FROM state WHERE name = 'last_list'").map { $0.text(0).split(separator: " ").map(String.init) } ?? []
        }
    }

    /// The archived article `reference` names: a short id, or a position (1, 2, …) in the last
    /// list; nil when it names none.
    public func resolve(_ reference: String) throws(LacriptaError) -> ArchivedArticle? {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        if let position = Int(trimmed) {
            let refs = try lastList()
            guard position >= 1, position <= refs.count else { return nil }
            return try article(ref: refs[position - 1])
        }
        guard ShortID.isWellFormed(trimmed.lowercased()) else { return nil }
        return try article(ref: trimmed)
    }
}
