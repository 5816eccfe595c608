/// The start line and headers of an HTTP/1.1 message: a WebSocket upgrade, or the head of any
/// HTTP response.
///
/// Header names compare case-insensitively. Values are untrusted wire text: they are matched
/// against, never printed.
public struct HTTPHead: Sendable {
    /// "HTTP/1.1 101 Switching Protocols" or "GET /path HTTP/1.1".
    public var startLine: String
    /// Headers in order, names and values trimmed.
    public var headers: [(name: String, value: String)]

    /// Creates a head.
    init(startLine: String, headers: [(name: String, value: String)]) {
        self.startLine = startLine
        self.headers = headers
    }

    /// The largest head `parse` accepts unless told otherwise: no legitimate upgrade response
    /// comes close.
    public static let defaultMaxSize = 16 * 1024

    /// All values of header `name` (case-insensitive), in order.
    public func values(for name: String) -> [String] {
        let wanted = name.lowercased()
        return headers.filter { $0.name.lowercased() == wanted }.map(\.value)
    }

    /// Whether the comma-separated list in header(s) `name` holds `token` (case-insensitive),
    /// e.g. "upgrade" in `Connection: keep-alive, Upgrade` (RFC 9110 §5.6.1).
    public func contains(token: String, in name: String) -> Bool {
        let wanted = token.lowercased()
        return values(for: name).contains { value in
            value.split(separator: ",").contains { $0.trimmingSpaces().lowercased() == wanted }
        }
    }

    /// The status code of a response start line, or nil if it is not a response.
    public var statusCode: Int? {
        let parts = startLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/") else { return nil }
        return Int(parts[1])
    }

    /// The result of scanning a buffer for a complete head.
    public enum ParseResult: Sendable {
        /// No blank line yet.
        case needMoreData
        /// A complete head; `length` counts its bytes including the blank line. Everything after
        /// it in the buffer is already body or frame data and must be kept.
        case head(HTTPHead, length: Int)
    }

    /// Looks for "\r\n\r\n" in `buffer` and parses the head before it. Throws
    /// `.malformedResponse` when a line is malformed, and `.responseTooLarge` once the buffer
    /// exceeds `maxSize` without a complete head.
    ///
    /// `searchedBefore` is the buffer's length at the last call that found no head: a blank line
    /// can then only end in a byte appended since, so the search starts there. Without it a head
    /// trickled in byte by byte was scanned from its start on every byte, quadratic in its size.
    public static func parse(_ buffer: [UInt8], maxSize: Int = defaultMaxSize, searchedBefore: Int = 0) throws(NetError) -> ParseResult {
        guard let end = headEnd(buffer, from: searchedBefore) else {
            if buffer.count > maxSize { throw NetError(.responseTooLarge(limit: maxSize)) }
            return .needMoreData
        }
        guard end <= maxSize else { throw NetError(.responseTooLarge(limit: maxSize)) }
        var lines = crlfLines(buffer[..<(end - 4)])
        let startLine = lines.removeFirst()
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw NetError(.malformedResponse) }
            let name = line[..<colon].trimmingSpaces()
            guard !name.isEmpty else { throw NetError(.malformedResponse) }
            headers.append((name, line[line.index(after: colon)...].trimmingSpaces()))
        }
        return .head(HTTPHead(startLine: startLine, headers: headers), length: end)
    }

    /// Splits `bytes` at each CRLF; a head holds no other line breaks we must honour.
    private static func crlfLines(_ bytes: ArraySlice<UInt8>) -> [String] {
        var lines: [String] = []
        var lineStart = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x0D, index + 1 < bytes.endIndex, bytes[index + 1] == 0x0A {
                lines.append(String(decoding: bytes[lineStart..<index], as: UTF8.self))
                index += 2
                lineStart = index
            } else {
                index += 1
            }
        }
        lines.append(String(decoding: bytes[lineStart..<bytes.endIndex], as: UTF8.self))
        return lines
    }

    /// The index just past the first "\r\n\r\n" whose last byte is at or after `start`, if any.
    private static func headEnd(_ buffer: [UInt8], from start: Int) -> Int? {
        guard buffer.count >= 4, start < buffer.count else { return nil }
        for index in max(3, start)..<buffer.count
        where buffer[index] == 0x0A && buffer[index - 1] == 0x0D && buffer[index - 2] == 0x0A && buffer[index - 3] == 0x0D {
            return index + 1
        }
        return nil
    }
}

extension Substring {
    /// Drops leading and trailing spaces and tabs (HTTP optional whitespace).
    func trimmingSpaces() -> String {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
