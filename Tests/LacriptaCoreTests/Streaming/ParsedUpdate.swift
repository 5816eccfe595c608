import LacriptaCore
import Testing

/// Thrown (after an issue is recorded) when text that should be a price update is not one.
struct NotAnUpdate: Error {}

/// Parses `text` with `parser` (the full one by default) and returns its price update; anything
/// else records an issue naming what it was, and throws.
func parsedUpdate(_ text: String, with parser: StreamerParser = StreamerParser()) throws -> PriceUpdate {
    let message = Array(text.utf8).withUnsafeBytes { parser.parse($0) }
    guard case .update(let update) = message else {
        Issue.record("not an update: \(message)\n\(text)")
        throw NotAnUpdate()
    }
    return update
}
