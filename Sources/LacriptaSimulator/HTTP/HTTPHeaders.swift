/// HTTP header fields in arrival order, looked up case-insensitively (RFC 9110 §5.1).
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    /// The fields as received or as they will be sent.
    public private(set) var fields: [(name: String, value: String)]

    /// Creates headers from name/value pairs.
    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// The first value of `name` (case-insensitive), if present.
    public subscript(name: String) -> String? {
        let wanted = name.lowercased()
        return fields.first { $0.name.lowercased() == wanted }?.value
    }

    /// Whether a field named `name` (case-insensitive) is present.
    public func contains(_ name: String) -> Bool {
        self[name] != nil
    }

    /// Replaces every field named `name` with a single `name: value`.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name, value))
    }

    /// Appends a field, keeping any existing ones of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// Removes every field named `name` (case-insensitive).
    public mutating func remove(_ name: String) {
        let wanted = name.lowercased()
        fields.removeAll { $0.name.lowercased() == wanted }
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// Headers are equal when they hold the same fields in the same order.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}
