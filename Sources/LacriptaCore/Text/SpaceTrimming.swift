import Foundation

extension StringProtocol {
    /// The text without leading and trailing `CharacterSet.whitespaces` (spaces, tabs and the
    /// other Unicode space separators), exactly as `trimmingCharacters(in: .whitespaces)`.
    ///
    /// Why not just call that: Foundation bridges every call through `NSString` and UTF-16, which
    /// was a third of reading a 10,000-row export or journal. Plain ASCII ends (every line lacripta
    /// writes, nearly every exported field) are trimmed here on the bytes; when an end is
    /// non-ASCII (a no-break space, a combining mark) Foundation decides, so the result is the same.
    var trimmingSpaces: String {
        let text = Substring(self)
        let bytes = text.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start = bytes.index(after: start) }
        while start < end {
            let last = bytes[bytes.index(before: end)]
            guard last == 0x20 || last == 0x09 else { break }
            end = bytes.index(before: end)
        }
        if start < end, bytes[start] >= 0x80 || bytes[bytes.index(before: end)] >= 0x80 {
            return trimmingCharacters(in: .whitespaces)
        }
        return String(text[start..<end])
    }
}
