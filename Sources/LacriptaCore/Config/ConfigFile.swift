import Foundation

/// The user's config file: `key = value` lines, `#` comments, blank lines ignored.
///
/// lacripta only ever reads this file; it never writes to it (users keep comments and order).
/// Recognised keys: `api_key`, `api_url`, `stream_url`, `ca_file`, `currency`, `currencies`, `timeout`.
public struct ConfigFile: Sendable, Equatable {
    /// The recognised settings, keyed by name.
    public private(set) var values: [String: String]

    /// The keys lacripta understands.
    public static let knownKeys: Set<String> = ["api_key", "api_url", "stream_url", "ca_file", "currency", "currencies", "timeout"]

    /// Parses the file's text. Unknown keys and malformed lines raise an error naming the line,
    /// because a typo in `api_key` would otherwise fail later with a confusing auth error.
    public init(text: String, path: String) throws {
        var values: [String: String] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw LacriptaError.usage("\(path):\(index + 1): expected `key = value`")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            guard Self.knownKeys.contains(key) else {
                throw LacriptaError.usage(
                    "\(path):\(index + 1): unknown setting '\(key)' (known: \(Self.knownKeys.sorted().joined(separator: ", ")))")
            }
            values[key] = value
        }
        self.values = values
    }

    /// An empty config (no file).
    public init() { values = [:] }

    /// The value for `key`, or nil when unset or empty.
    public subscript(key: String) -> String? {
        guard let value = values[key], !value.isEmpty else { return nil }
        return value
    }
}
