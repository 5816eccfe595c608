/// A value bound to a statement's parameter or read from a result column.
public enum SQLiteValue: Sendable, Equatable {
    /// SQL NULL.
    case null
    /// A 64-bit integer.
    case integer(Int64)
    /// A double.
    case real(Double)
    /// UTF-8 text.
    case text(String)

    /// The value as an integer, nil for NULL or text.
    public var integer: Int64? {
        switch self {
        case .integer(let value): value
        case .real(let value): Int64(exactly: value.rounded(.down))
        case .null, .text: nil
        }
    }

    /// The value as a double, nil for NULL or text.
    public var real: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        case .null, .text: nil
        }
    }

    /// The value as text, nil unless it is text.
    public var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }
}

extension SQLiteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
    /// A text literal.
    public init(stringLiteral value: String) { self = .text(value) }
    /// An integer literal.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// `nil` as NULL.
    public init(nilLiteral: ()) { self = .null }
}

extension Optional where Wrapped == String {
    /// The text, or NULL.
    public var sqliteValue: SQLiteValue { map(SQLiteValue.text) ?? .null }
}

extension Optional where Wrapped == Double {
    /// The double, or NULL.
    public var sqliteValue: SQLiteValue { map(SQLiteValue.real) ?? .null }
}

extension Optional where Wrapped == Int {
    /// The integer, or NULL.
    public var sqliteValue: SQLiteValue { map { .integer(Int64($0)) } ?? .null }
}
