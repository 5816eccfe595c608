import Foundation
import LacriptaNet
import LacriptaSimulator

/// A response as read off a raw socket.
struct RawHTTPResponse {
    /// The status code.
    var status: Int
    /// Header fields in order.
    var headers: HTTPHeaders
    /// The body bytes received (may be shorter than `Content-Length` when the server cut it).
    var body: [UInt8]
    /// Whether the server closed before the announced body had fully arrived.
    var bodyCutShort: Bool

    /// The body parsed with the simulator's order-preserving parser.
    func json() throws -> JSONValue { try JSONParser.parse(body) }

    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// What happened on a raw connection.
enum RawReadOutcome {
    /// A whole head (and as much body as arrived) was read.
    case response(RawHTTPResponse)
    /// The server closed without sending a single byte.
    case closedWithoutAnswer
    /// Nothing (or not enough) arrived within the wait.
    case timedOut
    /// Bytes that are not an HTTP response, up to the close.
    case notHTTP([UInt8])
}

/// A minimal HTTP/1.1 client over a plain `TCPByteStream`, so tests control every byte and can
/// observe closes, cuts and garbage that a real client would hide. Every wait is bounded.
final class RawHTTPClient {
    private let stream: TCPByteStream
    private var pending: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; throws `NetError` (e.g. `.connectionRefused`).
    init(port: UInt16) throws {
        let fd = try TCPConnector.connect(host: "127.0.0.1", port: port, deadline: Deadline(after: .seconds(30)), wake: nil)
        stream = TCPByteStream(fileDescriptor: fd)
    }

    deinit { stream.close() }

    /// Sends raw bytes (best effort: a server that already closed just does not get them).
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        let deadline = Deadline(after: .seconds(30))
        var offset = 0
        while offset < bytes.count, !deadline.hasPassed {
            switch try? bytes.withUnsafeBytes({ try stream.write(UnsafeRawBufferPointer(rebasing: $0[offset...])) }) {
            case .transferred(let count)?: offset += count
            case .wouldBlock?:
                _ = Posix.wait(stream.fileDescriptor, readable: false, writable: true, wake: nil, timeout: deadline.remainingMilliseconds)
            case .closed?, nil: return
            }
        }
    }

    /// Sends `GET target` with a Host header plus `headers`.
    func get(_ target: String, headers: [String] = [], close: Bool = false) {
        var request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for header in headers { request += header + "\r\n" }
        if close { request += "Connection: close\r\n" }
        send(request + "\r\n")
    }

    /// Reads one response, waiting at most `timeout` seconds in total.
    func read(timeout: Double = 5) -> RawReadOutcome {
        let deadline = Deadline(after: .milliseconds(Int64(timeout * 1000)))
        var closed = false
        while true {
            if let (head, headLength) = parseHead() {
                let length = Int(head.headers["Content-Length"] ?? "") ?? 0
                let available = pending.count - headLength
                if available >= length || closed {
                    var response = head
                    let bodyCount = min(length, available)
                    response.body = Array(pending[headLength..<(headLength + bodyCount)])
                    response.bodyCutShort = bodyCount < length
                    pending.removeFirst(headLength + bodyCount)
                    return .response(response)
                }
            } else if closed {
                return pending.isEmpty ? .closedWithoutAnswer : .notHTTP(pending)
            }
            guard let bytes = receive(until: deadline) else { return .timedOut }
            if bytes.isEmpty { closed = true } else { pending += bytes }
        }
    }

    /// Whether the server closed the connection within `timeout` seconds (and sent nothing more).
    func isClosedByServer(timeout: Double = 5) -> Bool {
        receive(until: Deadline(after: .milliseconds(Int64(timeout * 1000))))?.isEmpty ?? false
    }

    /// The next bytes; `nil` once `deadline` passes, empty on close (or reset).
    private func receive(until deadline: Deadline) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            switch try? buffer.withUnsafeMutableBytes({ try stream.read(into: $0) }) {
            case .transferred(let count)?:
                return Array(buffer[..<count])
            case .wouldBlock?:
                guard !deadline.hasPassed else { return nil }
                _ = Posix.wait(stream.fileDescriptor, readable: true, writable: false, wake: nil, timeout: deadline.remainingMilliseconds)
            case .closed?, nil:
                return []
            }
        }
    }

    private func parseHead() -> (RawHTTPResponse, Int)? {
        guard
            let end = pending.indices.dropLast(3).first(where: { index in
                pending[index] == 13 && pending[index + 1] == 10 && pending[index + 2] == 13 && pending[index + 3] == 10
            })
        else { return nil }
        let lines = String(decoding: pending[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard lines[0].hasPrefix("HTTP/1."), statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (RawHTTPResponse(status: status, headers: headers, body: [], bodyCutShort: false), end + 4)
    }
}

extension RawHTTPClient {
    /// One `GET` on a fresh connection, failing the test on anything but a response.
    static func fetch(port: UInt16, _ target: String, headers: [String] = [], timeout: Double = 30) throws -> RawHTTPResponse {
        let client = try RawHTTPClient(port: port)
        client.get(target, headers: headers, close: true)
        guard case .response(let response) = client.read(timeout: timeout) else {
            throw RawClientError.noResponse
        }
        return response
    }
}

/// The server did not answer with an HTTP response.
enum RawClientError: Error {
    /// Closed, timed out or sent something else.
    case noResponse
}
