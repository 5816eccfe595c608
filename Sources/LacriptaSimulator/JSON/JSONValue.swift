/// A JSON document that keeps what min-api's wire format cares about: object key order and the
/// exact text of every number.
///
/// The simulator must replay recorded bodies byte-for-byte in meaning, including JavaScript-style
/// numbers such as `0.0000102751275982814` or `609875100279331000000` (more than `Int64.max`).
/// Foundation's `JSONSerialization` would reorder keys and re-print those numbers, so the simulator
/// has its own small model instead.
public enum JSONValue: Sendable, Equatable {
    /// An object; members keep their order from the recording.
    case object([Member])
    /// An array.
    case array([JSONValue])
    /// A string, already unescaped.
    case string(String)
    /// A number, stored as its literal text so it is re-emitted exactly as recorded.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// One key/value pair of an object.
    public struct Member: Sendable, Equatable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSONValue

        /// Creates a member.
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// A number value printed the way min-api (JavaScript) prints a double.
    public static func number(_ value: Double) -> JSONValue {
        .number(JSNumberFormatter.string(from: value))
    }

    /// The value of the first member named `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The members when this is an object.
    public var objectMembers: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements when this is an array.
    public var arrayElements: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The string when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number as a `Double` when this is a number.
    public var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// A copy of this object with `key` set to `value` (replaced in place, or appended when absent).
    public func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(Member(key, value))
        }
        return .object(members)
    }

    /// A copy with every string value (not keys) passed through `transform`, recursively.
    public func mappingStrings(_ transform: (String) -> String) -> JSONValue {
        switch self {
        case .string(let text): return .string(transform(text))
        case .array(let elements): return .array(elements.map { $0.mappingStrings(transform) })
        case .object(let members):
            return .object(members.map { Member($0.key, $0.value.mappingStrings(transform)) })
        case .number, .bool, .null: return self
        }
    }
}
