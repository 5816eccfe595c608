import Foundation
import LacriptaCore

/// JSON the way lacripta prints it: pretty, keys sorted (stable for scripts and diffs), slashes
/// unescaped, one trailing newline.
enum JSONOutput {
    /// Encodes `value`. A figure JSON cannot hold (NaN, infinity) is a bug of ours, never the
    /// user's: it fails as one line in our words (exit 1), not as Foundation's `EncodingError`.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(value)
            return String(decoding: data, as: UTF8.self) + "\n"
        } catch let error as EncodingError {
            throw LacriptaError.failed(
                "lacripta could not write its answer as JSON (\(Self.field(of: error)) is not a finite number); "
                    + "please report this, with the command you ran")
        }
    }

    /// The coding path of the value `error` is about, e.g. `total.value`.
    private static func field(of error: EncodingError) -> String {
        let path: [any CodingKey]
        switch error {
        case .invalidValue(_, let context): path = context.codingPath
        @unknown default: path = []
        }
        let names = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        return names.isEmpty ? "a figure" : names.joined(separator: ".")
    }

    /// A timestamp as ISO 8601 in UTC, e.g. `2023-02-08T13:48:11Z`.
    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
