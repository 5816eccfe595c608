/// The key the simulator demands (`--require-key`), kept out of every printout.
///
/// `description`, `debugDescription` and reflection (what `print`, `dump` and string
/// interpolation use) all show `****`, so the key cannot leak through logs or test failures.
public struct RequiredAPIKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private let value: String

    /// Wraps a key; `nil` for an empty string, which would be no protection at all.
    public init?(_ value: String) {
        guard !value.isEmpty else { return nil }
        self.value = value
    }

    /// Whether `candidate` is the required key (compared in constant time for its length).
    public func matches(_ candidate: String) -> Bool {
        let expected = Array(value.utf8)
        let given = Array(candidate.utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Always `****`.
    public var description: String { "****" }
    /// Always `****`.
    public var debugDescription: String { "****" }
    /// Reflection without the value.
    public var customMirror: Mirror { Mirror(self, children: []) }
}
