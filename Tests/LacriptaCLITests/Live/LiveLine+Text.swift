import LacriptaCore

@testable import LacriptaCLI

extension LiveLine {
    /// The documented NDJSON object for `snapshot`, formatted from scratch (by a new formatter,
    /// which remembers no figure) and appended to `out` as text: what the hot path's formatter
    /// must produce, for comparing against it.
    static func json(_ snapshot: PriceSnapshot, into out: inout String) {
        var bytes = OutputBytes(capacity: 512)
        var formatter = JSONFormatter(prefix: jsonPrefix(snapshot.pair))
        formatter.format(snapshot, into: &bytes)
        out += String(decoding: bytes.bytes, as: UTF8.self)
    }
}
