import Foundation

/// Incremental HTTP/1.x request parser: a value-type state machine fed with raw bytes.
///
/// Feed bytes with `append(_:)`, then call `next()` until it answers `.needMoreData`. Several
/// pipelined requests in one read come out one by one. Sizes are bounded so a broken or hostile
/// client cannot make the simulator buffer without limit.
public struct HTTPRequestParser: Sendable {
    /// Why a request was rejected, mapped to the status the server answers with.
    public enum Failure: Error, Sendable, Equatable {
        /// Bad syntax (400).
        case malformed
        /// The request line plus headers exceed `maximumHeadBytes` (431).
        case headTooLarge
        /// The body exceeds `maximumBodyBytes` (413).
        case bodyTooLarge
        /// `Transfer-Encoding` bodies are not supported by this small server (501).
        case unsupportedTransferEncoding
        /// An HTTP version other than 1.0 and 1.1 (505).
        case unsupportedVersion

        /// The HTTP status for the error answer.
        public var status: Int {
            switch self {
            case .malformed: 400
            case .headTooLarge: 431
            case .bodyTooLarge: 413
            case .unsupportedTransferEncoding: 501
            case .unsupportedVersion: 505
            }
        }
    }

    /// One parsing step's outcome.
    public enum Result: Sendable, Equatable {
        /// Not a whole request yet.
        case needMoreData
        /// A complete request.
        case request(HTTPRequest)
        /// The stream is broken; answer with `failure.status` and close.
        case failure(Failure)
    }

    /// The largest accepted request line plus headers, in bytes.
    public let maximumHeadBytes: Int
    /// The most header fields accepted.
    public let maximumHeaderCount: Int
    /// The largest accepted body, in bytes.
    public let maximumBodyBytes: Int

    private var buffer: [UInt8] = []
    private var failed: Failure?

    /// Creates a parser with the given bounds.
    public init(maximumHeadBytes: Int = 16 * 1024, maximumHeaderCount: Int = 100, maximumBodyBytes: Int = 1 << 20) {
        self.maximumHeadBytes = maximumHeadBytes
        self.maximumHeaderCount = maximumHeaderCount
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// Adds received bytes.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Takes the next complete request from the buffered bytes, if any.
    public mutating func next() -> Result {
        if let failed { return .failure(failed) }
        guard let headEnd = Self.endOfHead(in: buffer) else {
            return buffer.count > maximumHeadBytes ? fail(.headTooLarge) : .needMoreData
        }
        guard headEnd <= maximumHeadBytes else { return fail(.headTooLarge) }
        let parsedHead: (request: HTTPRequest, bodyLength: Int)
        switch parseHead(buffer[..<headEnd]) {
        case .success(let head): parsedHead = head
        case .failure(let failure): return fail(failure)
        }
        let bodyStart = headEnd + 4
        guard buffer.count >= bodyStart + parsedHead.bodyLength else { return .needMoreData }
        var request = parsedHead.request
        request.body = Array(buffer[bodyStart..<(bodyStart + parsedHead.bodyLength)])
        buffer.removeFirst(bodyStart + parsedHead.bodyLength)
        return .request(request)
    }

    private mutating func fail(_ failure: Failure) -> Result {
        failed = failure
        buffer.removeAll()
        return .failure(failure)
    }

    /// Index of the CRLFCRLF that ends the head, if it has arrived.
    private static func endOfHead(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    private func parseHead(_ head: ArraySlice<UInt8>) -> Swift.Result<(request: HTTPRequest, bodyLength: Int), Failure> {
        // Reject bytes no valid head contains (NUL, other controls, bare CR), before decoding text.
        for (offset, byte) in zip(head.indices, head) {
            let isCRLF = byte == 13 && offset + 1 < head.endIndex && head[offset + 1] == 10
            if (byte < 0x20 && byte != 10 && byte != 9 && !isCRLF) || byte == 0x7F { return .failure(.malformed) }
        }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        guard let requestLine = lines.first else { return .failure(.malformed) }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, Self.isToken(parts[0]), parts[1].first == "/" else { return .failure(.malformed) }
        let version = String(parts[2])
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(version.hasPrefix("HTTP/") ? .unsupportedVersion : .malformed)
        }
        let headerLines = lines.dropFirst()
        guard headerLines.count <= maximumHeaderCount else { return .failure(.headTooLarge) }
        var headers = HTTPHeaders()
        for line in headerLines {
            guard let colon = line.firstIndex(of: ":"), Self.isToken(line[..<colon]) else {
                return .failure(.malformed)  // also rejects obsolete line folding (leading space)
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])
            headers.add(String(line[..<colon]), value)
        }
        if version == "HTTP/1.1" && !headers.contains("Host") { return .failure(.malformed) }
        if headers.contains("Transfer-Encoding") { return .failure(.unsupportedTransferEncoding) }
        var bodyLength = 0
        if let lengthText = headers["Content-Length"] {
            guard !lengthText.isEmpty, lengthText.allSatisfy(\.isASCII), let length = Int(lengthText), length >= 0 else {
                return .failure(.malformed)
            }
            guard length <= maximumBodyBytes else { return .failure(.bodyTooLarge) }
            bodyLength = length
        }
        let request = HTTPRequest(method: String(parts[0]), target: String(parts[1]), version: version, headers: headers)
        return .success((request, bodyLength))
    }

    /// RFC 9110 token: visible ASCII except separators.
    private static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                byte > 0x20 && byte < 0x7F && !"\"(),/:;<=>?@[\\]{}".utf8.contains(byte)
            }
    }
}
