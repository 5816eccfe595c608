import Foundation
import LacriptaNet
import LacriptaSimulator
import LacriptaWebSocket
import Testing

/// The server's side of the closing handshake: it closes TCP after it (RFC 6455 §7.1.1), and with
/// a FIN, not a RST, even when the client still had bytes in flight. A RST can make the client's
/// kernel throw away the server's last frames before the client reads them.
@Suite struct LingeringCloseTests {
    /// How the raw client's socket ended.
    enum Ending: Sendable, Equatable {
        /// A FIN: reads returned end of stream.
        case endOfStream
        /// A read or write failed, e.g. "Connection reset by peer".
        case failed(String)
    }

    @Test func serverClosesWithAFinWhileTheClientIsStillSending() async throws {
        let server = try WebSocketServer { $0.sendClose(code: .policyViolation) }
        defer { server.stop() }
        let url = server.url(path: "/v2")
        let port = server.port
        let (close, ending) = try await onOwnThread { () throws -> (Frame, Ending) in
            let socket = try RawClientSocket(url: url, port: port)
            let close = try socket.nextFrame()
            // Our Close reply, then far more than the server reads in one turn: the server stops
            // decoding at our Close, so without a lingering close these bytes sit unread in its
            // kernel buffer when it closes, and the kernel resets the connection.
            let encoder = FrameEncoder(role: .client)
            let trailing = encoder.encode(Frame(opcode: .binary, payload: [UInt8](repeating: 7, count: 4 << 20)))
            return (close, socket.finish(sending: encoder.encode(Frame.close(code: .policyViolation)) + trailing))
        }
        #expect(close == Frame.close(code: .policyViolation))
        #expect(ending == .endOfStream)
        let peer = try #require(await server.nextConnection())
        #expect(await peer.waitForDisconnect())
    }

    @Test func unansweredCloseStillEndsTheConnection() async throws {
        // A client that never replies to the server's Close must not keep the server's
        // connection open forever; the server closes TCP after its reply timeout.
        let server = try WebSocketServer { $0.sendClose(code: .normalClosure) }
        defer { server.stop() }
        let url = server.url(path: "/")
        let port = server.port
        let ending = try await onOwnThread { () throws -> Ending in
            let socket = try RawClientSocket(url: url, port: port)
            _ = try socket.nextFrame()
            return socket.finish(sending: [])
        }
        #expect(ending == .endOfStream)
    }
}

/// Runs blocking socket code on a thread of its own, off the cooperative pool.
private func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// A hand-driven WebSocket client socket for server-side tests: blocking steps, each bounded.
private final class RawClientSocket {
    private let stream: TCPByteStream
    private var decoder = FrameDecoder(role: .client)
    private var pending: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    private let deadline = Deadline(after: .seconds(60))

    /// Connects to 127.0.0.1:`port` and completes the upgrade for `url`.
    init(url: URL, port: UInt16) throws {
        let fd = try TCPConnector.connect(host: "127.0.0.1", port: port, deadline: deadline, wake: nil)
        stream = TCPByteStream(fileDescriptor: fd)
        try write(HandshakeRequest(url: url).serialized())
        let end = Array("\r\n\r\n".utf8)
        var head: [UInt8] = []
        while true {
            guard let chunk = try read() else { throw TimedOut() }
            head += chunk
            if let range = head.firstRange(of: end) {
                pending = Array(head[range.upperBound...])
                return
            }
        }
    }

    /// The next frame from the server.
    func nextFrame() throws -> Frame {
        while true {
            var slice = pending[...]
            let result = try decoder.next(&slice)
            pending = Array(slice)
            if case .frame(let frame) = result { return frame }
            guard let chunk = try read() else { throw TimedOut() }
            pending = chunk
        }
    }

    /// Writes `bytes`, then reads (discarding) until the server ends the stream.
    func finish(sending bytes: [UInt8]) -> LingeringCloseTests.Ending {
        do {
            try write(bytes)
            while try read() != nil {}
            return .endOfStream
        } catch {
            return .failed("\(error)")
        }
    }

    /// Reads once, waiting; nil at end of stream.
    private func read() throws -> [UInt8]? {
        while true {
            switch try buffer.withUnsafeMutableBytes({ try stream.read(into: $0) }) {
            case .transferred(let count): return Array(buffer[0..<count])
            case .closed: return nil
            case .wouldBlock: try wait(writable: false)
            }
        }
    }

    /// Writes all of `bytes`, waiting as needed.
    private func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            switch try bytes.withUnsafeBytes({ try stream.write(UnsafeRawBufferPointer(rebasing: $0[offset...])) }) {
            case .transferred(let count): offset += count
            case .closed: throw TimedOut()
            case .wouldBlock: try wait(writable: true)
            }
        }
    }

    /// Polls until the socket is ready or the deadline passes.
    private func wait(writable: Bool) throws {
        guard !deadline.hasPassed else { throw TimedOut() }
        _ = Posix.wait(stream.fileDescriptor, readable: !writable, writable: writable, wake: nil, timeout: deadline.remainingMilliseconds)
    }
}
