#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

/// A prepared statement: bind, step, read columns, reset. Owned and cached by its
/// `SQLiteConnection`, which finalizes it before closing.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let connection: OpaquePointer
    private let path: String

    /// SQLite's `SQLITE_TRANSIENT`: copy bound text at once (the Swift buffer does not outlive the
    /// call). The C macro is a cast Swift cannot import.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Prepares `sql`, which must hold exactly one statement.
    init(sql: StaticString, connection: OpaquePointer, path: String) throws(SQLiteError) {
        var prepared: OpaquePointer?
        let status = sql.withUTF8Buffer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                sqlite3_prepare_v3(connection, text.baseAddress, Int32(text.count), UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
            }
        }
        guard status == SQLITE_OK, let prepared else {
            throw SQLiteError(code: sqlite3_extended_errcode(connection), message: String(cString: sqlite3_errmsg(connection)), path: path)
        }
        statement = prepared
        self.connection = connection
        self.path = path
    }

    /// Frees the statement (the connection calls it before closing).
    func finalize() { sqlite3_finalize(statement) }

    /// Binds `values` to parameters 1…N.
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(statement, index)
            case .integer(let number): status = sqlite3_bind_int64(statement, index, number)
            case .real(let number): status = sqlite3_bind_double(statement, index, number)
            case .text(let text):
                // By length, not as a C string: text from a feed may hold a NUL.
                var text = text
                status = text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { chars in
                        // An empty buffer may have no address, which SQLite would bind as NULL.
                        guard let start = chars.baseAddress, !chars.isEmpty else { return sqlite3_bind_text(statement, index, "", 0, Self.transient) }
                        return sqlite3_bind_text(statement, index, start, Int32(chars.count), Self.transient)
                    }
                }
            }
            guard status == SQLITE_OK else { throw error(status) }
        }
    }

    /// Steps once: true when a row is ready to read, false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let status: throw error(status)
        }
    }

    /// The current row's values.
    func row() -> SQLiteRow {
        let count = sqlite3_column_count(statement)
        var values: [SQLiteValue] = []
        values.reserveCapacity(Int(count))
        for column in 0..<count {
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER: values.append(.integer(sqlite3_column_int64(statement, column)))
            case SQLITE_FLOAT: values.append(.real(sqlite3_column_double(statement, column)))
            case SQLITE_NULL: values.append(.null)
            default:
                let length = Int(sqlite3_column_bytes(statement, column))
                guard let bytes = sqlite3_column_text(statement, column) else {
                    values.append(.text(""))
                    continue
                }
                values.append(.text(String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)))
            }
        }
        return SQLiteRow(values: values)
    }

    /// Resets the statement and clears its bindings, ready for the next use.
    func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    private func error(_ status: Int32) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(connection), message: String(cString: sqlite3_errmsg(connection)), path: path)
    }
}
