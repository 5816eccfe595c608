import Foundation

/// Turns the bytes of one HTTP/1.1 response into an `HTTPResponse`: a pure state machine, fed
/// whatever each read returned and told when the stream ended, so tests can split a response at
/// every offset without sockets.
///
/// The body is framed as RFC 9112 §6.3 says for a GET: `Transfer-Encoding: chunked` wins over
/// `Content-Length`; without either the body runs to the end of the connection (we always send
/// `Connection: close`, so that end is the server's). 1xx interim answers (103 Early Hints) are
/// skipped. Everything received counts against `maxSize`, so a hostile or broken server cannot
/// make us buffer without limit.
package struct HTTPResponseParser {
    /// What a call to `parse` achieved.
    package enum Step {
        /// The response is not complete yet: read more.
        case needMoreData
        /// The whole response; bytes after it (there should be none) are ignored.
        case complete(HTTPResponse)
    }

    /// Why the bytes are not a response we accept. No case carries wire text.
    package enum Failure: Error, Equatable {
        /// Not HTTP/1.x, a bad status line, header, chunk size or Content-Length.
        case malformed
        /// The head or the body is larger than allowed.
        case tooLarge
        /// The stream ended before the framing said the body was complete.
        case truncated
        /// The stream ended before a single byte of the response arrived.
        case empty
        /// A transfer or content coding other than chunked / identity: we asked for identity.
        case unsupportedEncoding
    }

    /// Where in the response the next byte belongs.
    private enum State: Equatable {
        case head
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case untilEnd
        case done
    }

    /// The largest head (status line plus headers) accepted; big enough for CDN cookies.
    static let maxHeadSize = 64 * 1024
    /// The longest chunk-size or trailer line; real ones are a few bytes.
    static let maxLineSize = 4 * 1024

    /// The largest body accepted.
    package let maxSize: Int
    private var state = State.head
    /// Head bytes, or the current chunk-size / trailer line, until it is complete.
    private var pending: [UInt8] = []
    /// How much of `pending` was searched for the end of the head without finding it.
    private var headSearched = 0
    private var status = 0
    private var headers: [String: String] = [:]
    private var body: [UInt8] = []
    /// True once any byte arrived: a silent close and a cut-off answer read differently.
    private var receivedAny = false

    /// Creates a parser that refuses bodies larger than `maxSize` bytes.
    package init(maxSize: Int) {
        self.maxSize = maxSize
    }

    /// Consumes `bytes` (all of them) and says whether the response is complete.
    package mutating func parse(_ bytes: ArraySlice<UInt8>) throws(Failure) -> Step {
        var input = bytes
        receivedAny = receivedAny || !input.isEmpty
        while true {
            switch state {
            case .done:
                return .complete(response)
            case .head:
                guard !input.isEmpty else { return .needMoreData }
                pending.append(contentsOf: input)
                input = []
                guard let rest = try parseHead() else { return .needMoreData }
                input = rest
            case .fixedBody(let remaining):
                guard !input.isEmpty else { return .needMoreData }
                let taken = takeBody(&input, upTo: remaining)
                state = remaining == taken ? .done : .fixedBody(remaining: remaining - taken)
            case .untilEnd:
                guard body.count + input.count <= maxSize else { throw .tooLarge }
                body.append(contentsOf: input)
                return .needMoreData
            case .chunkSize:
                guard let line = try takeLine(&input) else { return .needMoreData }
                let size = try Self.chunkSize(line)
                guard size <= maxSize - body.count else { throw .tooLarge }
                state = size == 0 ? .trailers : .chunkData(remaining: size)
            case .chunkData(let remaining):
                guard !input.isEmpty else { return .needMoreData }
                let taken = takeBody(&input, upTo: remaining)
                state = remaining == taken ? .chunkDataEnd : .chunkData(remaining: remaining - taken)
            case .chunkDataEnd:
                guard let line = try takeLine(&input) else { return .needMoreData }
                guard line.isEmpty else { throw .malformed }
                state = .chunkSize
            case .trailers:
                // Trailer fields are read and dropped: nothing lacripta asks for comes in them.
                guard let line = try takeLine(&input) else { return .needMoreData }
                if line.isEmpty { state = .done }
            }
        }
    }

    /// The server closed the connection: completes a read-to-end body, or says what is missing.
    package mutating func endOfStream() throws(Failure) -> HTTPResponse {
        switch state {
        case .untilEnd, .done:
            state = .done
            return response
        default:
            throw receivedAny ? .truncated : .empty
        }
    }

    /// The response as parsed so far.
    private var response: HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Data(body))
    }

    /// Parses the head once `pending` holds one; returns the bytes after it, or nil for more.
    private mutating func parseHead() throws(Failure) -> ArraySlice<UInt8>? {
        let parsed: HTTPHead.ParseResult
        do {
            parsed = try HTTPHead.parse(pending, maxSize: Self.maxHeadSize, searchedBefore: headSearched)
        } catch {
            throw pending.count > Self.maxHeadSize ? .tooLarge : .malformed
        }
        guard case .head(let head, let length) = parsed else {
            headSearched = pending.count
            return nil
        }
        let rest = pending[length...]
        pending = []
        headSearched = 0
        let status = try Self.status(of: head.startLine)
        if (100...199).contains(status) {
            // An interim answer; the real one follows. 101 would switch protocols, which a GET
            // never asked for.
            guard status != 101 else { throw .malformed }
            return rest
        }
        self.status = status
        headers = Self.fields(head)
        state = try framing()
        return rest
    }

    /// Decides how the body is delimited, from the status and the headers.
    private func framing() throws(Failure) -> State {
        if let coding = headers["content-encoding"], coding.lowercased() != "identity" { throw .unsupportedEncoding }
        if status == 204 || status == 304 { return .done }
        if let transfer = headers["transfer-encoding"] {
            guard transfer.lowercased().split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) == ["chunked"] else {
                throw .unsupportedEncoding
            }
            return .chunkSize
        }
        if let declared = headers["content-length"] {
            // Repeated fields arrive joined by ", "; they must all agree (RFC 9112 §6.3).
            let values = Set(declared.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            guard values.count == 1, let value = values.first, !value.isEmpty, value.allSatisfy(Self.isDigit) else {
                throw .malformed
            }
            guard value.count <= 18, let length = Int(value) else { throw .tooLarge }
            guard length <= maxSize else { throw .tooLarge }
            return length == 0 ? .done : .fixedBody(remaining: length)
        }
        return .untilEnd
    }

    /// Moves up to `remaining` bytes of `input` into the body; returns how many it moved.
    private mutating func takeBody(_ input: inout ArraySlice<UInt8>, upTo remaining: Int) -> Int {
        let taken = input.prefix(remaining)
        body.append(contentsOf: taken)
        input = input.dropFirst(taken.count)
        return taken.count
    }

    /// Takes one CRLF-terminated line off `input` into `pending`; nil until the line is complete.
    private mutating func takeLine(_ input: inout ArraySlice<UInt8>) throws(Failure) -> [UInt8]? {
        guard let newline = input.firstIndex(of: 0x0A) else {
            pending.append(contentsOf: input)
            input = []
            guard pending.count <= Self.maxLineSize else { throw .malformed }
            return nil
        }
        pending.append(contentsOf: input[..<newline])
        input = input[(newline + 1)...]
        guard pending.count <= Self.maxLineSize, pending.last == 0x0D else { throw .malformed }
        let line = Array(pending.dropLast())
        pending = []
        return line
    }

    /// The status code of "HTTP/1.1 200 OK"; anything but HTTP/1.x with three digits is malformed.
    private static func status(of startLine: String) throws(Failure) -> Int {
        let parts = startLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "HTTP/1.1" || parts[0] == "HTTP/1.0", parts[1].count == 3,
            parts[1].allSatisfy(isDigit), let code = Int(parts[1]), code >= 100
        else { throw .malformed }
        return code
    }

    /// Header fields keyed by lower-cased name; repeated fields joined with ", " (RFC 9110 §5.3).
    private static func fields(_ head: HTTPHead) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in head.headers {
            let key = name.lowercased()
            fields[key] = fields[key].map { "\($0), \(value)" } ?? value
        }
        return fields
    }

    /// The size of a chunk-size line: hex digits, optionally followed by `;extensions`.
    private static func chunkSize(_ line: [UInt8]) throws(Failure) -> Int {
        let digits = line.prefix { $0 != UInt8(ascii: ";") }.drop { $0 == 0x20 || $0 == 0x09 }
        let trimmed = digits.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
        guard !trimmed.isEmpty else { throw .malformed }
        var size = 0
        for byte in trimmed {
            guard let digit = hexValue(byte) else { throw .malformed }
            // 15 hex digits already exceed any body we accept; stop before Int overflows.
            guard size <= Int.max >> 8 else { throw .tooLarge }
            size = size << 4 | digit
        }
        return size
    }

    /// True for 0-9 only (`isNumber` also accepts other scripts' digits and fractions).
    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isWholeNumber
    }

    /// The value of one hex digit, or nil.
    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
