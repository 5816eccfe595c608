/// Why `JSONCursor` could not read on: the JSON-level failures, with no protocol in them, so
/// that every format read through the cursor (the streamer's messages, an exchange's) maps them
/// to its own failure type in one place. Offsets count bytes from the start of the text.
enum JSONReadFailure: Error, Sendable, Equatable {
    /// The text ends in the middle of a value.
    case truncated
    /// A byte that JSON does not allow at this point.
    case unexpectedByte(offset: Int)
    /// A malformed number starting at `offset`.
    case invalidNumber(offset: Int)
    /// A bad backslash escape in a string at `offset`.
    case invalidEscape(offset: Int)
}
