/// One result row: its columns' values in select order.
public struct SQLiteRow: Sendable, Equatable {
    /// The values, column by column.
    public var values: [SQLiteValue]

    /// Creates a row.
    public init(values: [SQLiteValue]) {
        self.values = values
    }

    /// The value of column `index` (NULL past the end).
    public subscript(index: Int) -> SQLiteValue {
        index < values.count ? values[index] : .null
    }

    /// Column `index` as text, "" for NULL.
    public func text(_ index: Int) -> String { self[index].text ?? "" }

    /// Column `index` as an integer, 0 for NULL.
    public func integer(_ index: Int) -> Int { Int(self[index].integer ?? 0) }

    /// Column `index` as a double, 0 for NULL.
    public func real(_ index: Int) -> Double { self[index].real ?? 0 }
}
