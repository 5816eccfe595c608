/// A failure reported by SQLite, with the database file it concerns.
///
/// Kept apart from `LacriptaError` (this target knows nothing about lacripta's messages): the
/// archive maps it into one in a single place, naming the file and what to do.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite's extended result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …).
    public let code: Int32
    /// SQLite's own message for it (`sqlite3_errmsg`), or ours when SQLite gave none.
    public let message: String
    /// The database file (`:memory:` for an in-memory one).
    public let path: String

    /// Creates an error.
    public init(code: Int32, message: String, path: String) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// The primary result code: the extended code's low byte.
    public var primaryCode: Int32 { code & 0xFF }

    /// What kind of failure this is, which decides what the user is told.
    public var kind: Kind {
        switch primaryCode {
        case 5, 6: .busy  // SQLITE_BUSY, SQLITE_LOCKED
        case 11, 26: .corrupt  // SQLITE_CORRUPT, SQLITE_NOTADB
        case 14, 23: .cannotOpen  // SQLITE_CANTOPEN, SQLITE_AUTH
        case 8: .readOnly  // SQLITE_READONLY
        case 13: .full  // SQLITE_FULL
        case 10: .io  // SQLITE_IOERR
        case 19: .constraint  // SQLITE_CONSTRAINT
        default: .other
        }
    }

    /// The kinds of failure the archive tells apart.
    public enum Kind: Sendable, Equatable {
        /// Another process holds the lock longer than the busy timeout.
        case busy
        /// The file is not a database, or a damaged one.
        case corrupt
        /// The file or its folder cannot be opened (permissions, missing folder).
        case cannotOpen
        /// The file (or its folder, for the WAL) is read-only.
        case readOnly
        /// The disk is full.
        case full
        /// A read or write failed below SQLite.
        case io
        /// A constraint (unique, check) refused a row.
        case constraint
        /// Anything else.
        case other
    }

    /// "database.sqlite: file is not a database (26)".
    public var description: String { "\(path): \(message) (\(code))" }
}
