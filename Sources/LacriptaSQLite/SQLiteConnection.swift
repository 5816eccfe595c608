#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

/// One connection to a SQLite database file: statements prepared once and cached, parameters
/// always bound, never spliced into SQL text.
///
/// SQL is taken as `StaticString` on purpose: every statement lacripta runs is a literal in the
/// source, so nothing a user typed (a search, a title from a feed) can ever become SQL; it only
/// reaches a statement as a bound parameter. Not `Sendable`: a connection belongs to the code that
/// opened it, and SQLite serialises processes through its own file locks.
public final class SQLiteConnection {
    /// The database file.
    public let path: String
    private let handle: OpaquePointer
    /// Prepared statements by the address of their literal SQL (static strings do not move).
    private var statements: [UInt: SQLiteStatement] = [:]

    /// How a connection opens its file.
    public enum OpenMode: Sendable {
        /// Read and write, creating the file when it is missing.
        case readWriteCreate
        /// Read and write an existing file.
        case readWrite
        /// Read only; never writes the file or creates one.
        case readOnly
    }

    /// Opens `path` (`:memory:` for a private in-memory database). `busyTimeout` is how long a
    /// statement waits for another process's lock before failing with `SQLITE_BUSY`.
    public init(path: String, mode: OpenMode = .readWriteCreate, busyTimeout: Duration = .seconds(5)) throws(SQLiteError) {
        var flags: Int32 =
            switch mode {
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readOnly: SQLITE_OPEN_READONLY
            }
        // One connection per thread of use: SQLite's own mutexes would only cost time.
        flags |= SQLITE_OPEN_NOMUTEX
        var opened: OpaquePointer?
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            // SQLite allocates a handle even when opening fails; it must still be closed.
            sqlite3_close_v2(opened)
            throw SQLiteError(code: status, message: message, path: path)
        }
        self.path = path
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        let milliseconds = busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
    }

    deinit {
        for statement in statements.values { statement.finalize() }
        sqlite3_close_v2(handle)
    }

    /// Runs one or more fixed statements that take no parameters (schema, pragmas).
    public func execute(_ sql: StaticString) throws(SQLiteError) {
        let status = sql.withUTF8Buffer { buffer in
            // A StaticString is not NUL-terminated in general; copy it into one that is.
            String(decoding: buffer, as: UTF8.self).withCString { sqlite3_exec(handle, $0, nil, nil, nil) }
        }
        guard status == SQLITE_OK else { throw error(status) }
    }

    /// Runs a statement with `parameters` bound to `?1…?N` and returns how many rows it changed.
    @discardableResult
    public func run(_ sql: StaticString, _ parameters: [SQLiteValue] = []) throws(SQLiteError) -> Int {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(parameters)
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// Runs a query with `parameters` bound and returns every row.
    public func rows(_ sql: StaticString, _ parameters: [SQLiteValue] = []) throws(SQLiteError) -> [SQLiteRow] {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(parameters)
        var rows: [SQLiteRow] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    /// The first row of a query, if any.
    public func row(_ sql: StaticString, _ parameters: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteRow? {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(parameters)
        return try statement.step() ? statement.row() : nil
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// `immediate` (the default) takes the write lock at the start, waiting out other writers
    /// within the busy timeout; a deferred transaction that reads and then writes could instead
    /// fail with `SQLITE_BUSY` at its first write, when another process wrote in between. Inside
    /// a transaction already open, `body` simply joins it.
    public func transaction<Result>(immediate: Bool = true, _ body: () throws -> Result) throws -> Result {
        guard sqlite3_get_autocommit(handle) != 0 else { return try body() }
        if immediate { try execute("BEGIN IMMEDIATE") } else { try execute("BEGIN") }
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // The rollback can only fail when SQLite already rolled back (a full disk, say).
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// `PRAGMA user_version`: the schema version the archive wrote.
    public func userVersion() throws(SQLiteError) -> Int {
        Int(try row("PRAGMA user_version")?[0].integer ?? 0)
    }

    /// Sets `PRAGMA user_version`, which takes no parameters; the text is built from an integer
    /// only, so it cannot carry anything else.
    public func setUserVersion(_ version: Int) throws(SQLiteError) {
        let status = "PRAGMA user_version = \(version)".withCString { sqlite3_exec(handle, $0, nil, nil, nil) }
        guard status == SQLITE_OK else { throw error(status) }
    }

    /// Puts the database in WAL mode (readers never wait for the writer; a crash mid-write
    /// leaves the last commit intact), unless it already is. Returns whether it is now.
    @discardableResult
    public func enableWAL() throws(SQLiteError) -> Bool {
        if try row("PRAGMA journal_mode")?[0].text?.lowercased() == "wal" { return true }
        return try row("PRAGMA journal_mode = WAL")?[0].text?.lowercased() == "wal"
    }

    /// Whether SQLite was compiled with `option` (e.g. `ENABLE_FTS5`).
    public static func compileOptionUsed(_ option: String) -> Bool {
        sqlite3_compileoption_used(option) != 0
    }

    /// The SQLite library's version, e.g. 3.40.1.
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    /// The SQLite handle, for the extensions of this module that call the C API directly.
    var rawHandle: OpaquePointer { handle }

    /// The rowid of the last row inserted on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The cached statement for `sql`, prepared on first use.
    private func prepared(_ sql: StaticString) throws(SQLiteError) -> SQLiteStatement {
        let key = UInt(bitPattern: sql.utf8Start)
        if let statement = statements[key] { return statement }
        let statement = try SQLiteStatement(sql: sql, connection: handle, path: path)
        statements[key] = statement
        return statement
    }

    /// The connection's current error as a `SQLiteError`.
    private func error(_ status: Int32) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), path: path)
    }
}
