#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
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

/// A minimal blocking HTTP/1.1 client over a raw socket, so tests control every byte and can
/// observe closes, cuts and garbage that URLSession would hide. Every wait is bounded.
final class RawHTTPClient {
    private let descriptor: Int32
    private var pending: [UInt8] = []

    /// Connects to 127.0.0.1:`port`.
    init(port: UInt16) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw SocketError(operation: "socket", code: errno) }
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            throw SocketError(operation: "connect", code: code)
        }
    }

    deinit { close(descriptor) }

    /// Sends raw bytes.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        _ = bytes.withUnsafeBytes { systemSend(descriptor, $0.baseAddress, bytes.count, flags) }
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
        let deadline = Date().addingTimeInterval(timeout)
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
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, let bytes = receive(timeoutMilliseconds: Int32(remaining * 1000)) else { return .timedOut }
            if bytes.isEmpty { closed = true } else { pending += bytes }
        }
    }

    /// Whether the server closed the connection within `timeout` seconds (and sent nothing more).
    func isClosedByServer(timeout: Double = 5) -> Bool {
        guard let bytes = receive(timeoutMilliseconds: Int32(timeout * 1000)) else { return false }
        return bytes.isEmpty
    }

    /// `nil` on timeout, empty on close (or reset).
    private func receive(timeoutMilliseconds: Int32) -> [UInt8]? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, max(0, timeoutMilliseconds)) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Array(buffer[..<count]) : []
    }

    private func parseHead() -> (RawHTTPResponse, Int)? {
        guard let end = pending.indices.dropLast(3).first(where: { index in
            pending[index] == 13 && pending[index + 1] == 10 && pending[index + 2] == 13 && pending[index + 3] == 10
        }) else { return nil }
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

/// `send(2)`, named apart from `RawHTTPClient.send`.
private func systemSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    #if canImport(Glibc)
    Glibc.send(descriptor, buffer, count, flags)
    #else
    Darwin.send(descriptor, buffer, count, flags)
    #endif
}

extension RawHTTPClient {
    /// One `GET` on a fresh connection, failing the test on anything but a response.
    static func fetch(port: UInt16, _ target: String, headers: [String] = [], timeout: Double = 5) throws -> RawHTTPResponse {
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
