import Foundation

/// JSON the way lacripta prints it: pretty, keys sorted (stable for scripts and diffs), slashes
/// unescaped, one trailing newline.
enum JSONOutput {
    /// Encodes `value`.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A timestamp as ISO 8601 in UTC, e.g. `2023-02-08T13:48:11Z`.
    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
