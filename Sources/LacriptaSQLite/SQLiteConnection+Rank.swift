#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

/// `lacripta_rank(fts, w0, w1, …)`: an FTS5 ranking function like `bm25`, without its inverse
/// document frequency, lower being better as with `bm25`.
///
/// `bm25` weighs each word by how rare it is, and to know that it walks every row the word
/// matches the first time it is called in a query: for a word most of 100,000 articles hold
/// that alone took ~15 ms, however few rows were then ranked. Here each row's score is BM25's
/// term-frequency part (k1 = 1.2, b = 0.75, each column's length against its average), summed
/// over the query's phrases with every phrase weighing the same, and the columns weighted by the
/// arguments; the cost is the rows ranked, nothing more. Among rows that all hold every word
/// (what an AND query returns), the weight rarity would add is the same for every row but for
/// how it mixes several words, which is what this gives up.
extension SQLiteConnection {
    /// Registers `lacripta_rank` on this connection (FTS5 auxiliary functions are per connection).
    public func registerRankFunction() throws(SQLiteError) {
        guard let api = try fts5API() else {
            throw SQLiteError(code: SQLITE_ERROR, message: "this SQLite has no FTS5", path: path)
        }
        guard let create = api.pointee.xCreateFunction else {
            throw SQLiteError(code: SQLITE_ERROR, message: "this SQLite's FTS5 cannot take functions", path: path)
        }
        let status = create(api, "lacripta_rank", nil, lacriptaRank, nil)
        guard status == SQLITE_OK else { throw SQLiteError(code: status, message: "cannot register lacripta_rank", path: path) }
    }
}

/// BM25's constants, as SQLite's own `bm25` uses them.
private let k1 = 1.2
private let b = 0.75

/// The function FTS5 calls once per row ranked.
private func lacriptaRank(
    _ api: UnsafePointer<Fts5ExtensionApi>?, _ fts: OpaquePointer?, _ context: OpaquePointer?, _ count: Int32,
    _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let api = api?.pointee, let columnCount = api.xColumnCount?(fts), let phraseCount = api.xPhraseCount?(fts), columnCount > 0 else {
        sqlite3_result_double(context, 0)
        return
    }
    var rows: sqlite3_int64 = 0
    _ = api.xRowCount?(fts, &rows)
    // Occurrences per phrase and column, from the row's instance list.
    var frequency = [Double](repeating: 0, count: Int(max(phraseCount, 0)) * Int(columnCount))
    var instances: Int32 = 0
    _ = api.xInstCount?(fts, &instances)
    for index in 0..<max(instances, 0) {
        var phrase: Int32 = 0
        var column: Int32 = 0
        var offset: Int32 = 0
        guard api.xInst?(fts, index, &phrase, &column, &offset) == SQLITE_OK, phrase >= 0, phrase < phraseCount, column >= 0,
            column < columnCount
        else { continue }
        frequency[Int(phrase) * Int(columnCount) + Int(column)] += 1
    }
    var score = 0.0
    for column in 0..<columnCount {
        let weight = column < count ? values.map { sqlite3_value_double($0[Int(column)]) } ?? 1 : 1
        var length: Int32 = 0
        var total: sqlite3_int64 = 0
        _ = api.xColumnSize?(fts, column, &length)
        _ = api.xColumnTotalSize?(fts, column, &total)
        let average = rows > 0 && total > 0 ? Double(total) / Double(rows) : 1
        let norm = k1 * (1 - b + b * Double(length) / average)
        for phrase in 0..<phraseCount {
            let tf = frequency[Int(phrase) * Int(columnCount) + Int(column)]
            if tf > 0 { score += weight * tf * (k1 + 1) / (tf + norm) }
        }
    }
    sqlite3_result_double(context, -score)
}

extension SQLiteConnection {
    /// The connection's `fts5_api`, handed out by `SELECT fts5(?1)` with a pointer bound to it.
    fileprivate func fts5API() throws(SQLiteError) -> UnsafeMutablePointer<fts5_api>? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(rawHandle, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            return nil
        }
        defer { sqlite3_finalize(statement) }
        var api: UnsafeMutablePointer<fts5_api>?
        // SQLite keeps the type's pointer until the statement runs: it must live through the step.
        "fts5_api_ptr".withCString { type in
            withUnsafeMutablePointer(to: &api) { pointer in
                _ = sqlite3_bind_pointer(statement, 1, pointer, type, nil)
                _ = sqlite3_step(statement)
            }
        }
        return api
    }
}
