import LacriptaNet
import LacriptaNetServer
import LacriptaWebSocket

/// What callers ask of a server connection's I/O thread.
enum ServerCommand: Sendable {
    /// Write bytes; `closeSent` marks a Close frame so the client's reply ends the connection.
    case write([UInt8], closeSent: Bool)
    /// Reset the connection (RST) after flushing what is queued before it.
    case drop
    /// Close TCP gracefully after flushing.
    case closeTCP
    /// Stop automatic replies.
    case silence
}

/// The I/O thread of one server connection: TLS and the upgrade, then a poll loop that decodes
/// masked client frames, answers pings and Close, and writes queued bytes.
final class ServerConnectionLoop: @unchecked Sendable {
    // @unchecked: the `var`s are only touched by the I/O thread inside `handshake`/`run`; other
    // threads use `shared` (locked), `wake` and the queues, which are thread-safe.

    /// Caller-visible state under the lock.
    struct Shared {
        var commands: [ServerCommand] = []
        var messageHandler: (@Sendable (WebSocketServerConnection, WebSocketMessage) -> Void)?
        var ended = false
    }

    let wake: WakePipe
    let frames = DeadlineQueue<Frame>()
    let messages = DeadlineQueue<WebSocketMessage>()
    let disconnected = DeadlineQueue<Bool>()
    let shared = Locked(Shared())
    let behavior: WebSocketServer.Behavior
    let stream: any ByteStream
    weak var connection: WebSocketServerConnection?

    /// How long a Close we sent waits for the client's reply before TCP is closed anyway.
    static let closeReplyTimeout = Duration.seconds(5)
    /// How long a lingering close reads and discards before giving up on the client's FIN.
    static let lingerTimeout = Duration.seconds(2)

    var decoder = FrameDecoder(role: .server, maxFrameSize: 64 << 20)
    var assembler = MessageAssembler(maxMessageSize: 64 << 20)
    let encoder = FrameEncoder(role: .server)
    var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    var outbound: [UInt8] = []
    var pending: [ServerCommand] = []
    var silent = false
    var closeSent = false
    /// When a Close we started stops waiting for the client's reply (§7.1.1: then close anyway).
    var closeReplyDeadline: Deadline?
    var closeAfterFlush = false
    var resetAfterFlush = false
    var ended = false

    private init(stream: any ByteStream, behavior: WebSocketServer.Behavior, wake: WakePipe) {
        self.stream = stream
        self.behavior = behavior
        self.wake = wake
    }

    /// Runs TLS (if configured) and the upgrade on `fd`; returns the connection, or nil if the
    /// client failed the handshake or was rejected on purpose.
    static func handshake(fd: Int32, tls: ServerTLSContext?, behavior: WebSocketServer.Behavior) -> WebSocketServerConnection? {
        let deadline = Deadline(after: .seconds(10))
        guard let wake = try? WakePipe() else {
            Posix.close(fd)
            return nil
        }
        let stream: any ByteStream
        if let tls {
            guard let secured = try? tls.accept(fileDescriptor: fd, deadline: deadline) else { return nil }
            stream = secured
        } else {
            stream = TCPByteStream(fileDescriptor: fd)
        }
        let loop = ServerConnectionLoop(stream: stream, behavior: behavior, wake: wake)
        guard let (head, leftover) = loop.readRequest(deadline: deadline) else {
            stream.close()
            return nil
        }
        let key = head.values(for: "Sec-WebSocket-Key").first ?? ""
        let isUpgrade =
            head.startLine.hasPrefix("GET ") && !key.isEmpty
            && head.values(for: "Upgrade").contains { $0.lowercased() == "websocket" }
        let response: [UInt8]
        var accepted = false
        switch behavior.upgrade {
        case _ where !isUpgrade:
            response = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
        case .accept:
            response = Handshake.switchingProtocolsResponse(forKey: key)
            accepted = true
        case .reject(let status, let body):
            response = Array(
                "HTTP/1.1 \(status) Rejected\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
                    .utf8)
        case .raw(let make):
            response = make(key)
            accepted = true
        }
        loop.outbound = response
        loop.flushBlocking(deadline: deadline)
        guard accepted else {
            stream.close()
            return nil
        }
        let parts = head.startLine.split(separator: " ")
        let connection = WebSocketServerConnection(
            requestTarget: parts.count > 1 ? String(parts[1]) : "/", requestHeaders: head.headers, loop: loop)
        loop.connection = connection
        if !leftover.isEmpty {
            var slice = leftover[...]
            loop.consume(&slice)
        }
        return connection
    }

    /// Reads until the request head is complete; returns it and any bytes after it.
    private func readRequest(deadline: Deadline) -> (HTTPHead, [UInt8])? {
        var received: [UInt8] = []
        while !deadline.hasPassed {
            let result = try? readBuffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            switch result {
            case .transferred(let count)?:
                received += readBuffer[0..<count]
                switch try? HTTPHead.parse(received) {
                case .head(let head, let length)?: return (head, Array(received[length...]))
                case .needMoreData?: continue
                case nil: return nil
                }
            case .wouldBlock(let writable)?:
                _ = Posix.wait(stream.fileDescriptor, readable: !writable, writable: writable, wake: nil, timeout: deadline.remainingMilliseconds)
            case .closed?, nil:
                return nil
            }
        }
        return nil
    }

    /// Writes all of `outbound`, waiting as needed (used for the upgrade answer).
    private func flushBlocking(deadline: Deadline) {
        while !outbound.isEmpty, !deadline.hasPassed, !ended {
            if case .wouldBlock(let writable) = flush() {
                _ = Posix.wait(stream.fileDescriptor, readable: !writable, writable: writable, wake: nil, timeout: deadline.remainingMilliseconds)
            }
        }
    }

    /// Queues a command and wakes the I/O thread.
    func enqueue(_ command: ServerCommand) {
        shared.withLock { $0.commands.append(command) }
        wake.signal()
    }

    /// Installs (or removes) the data-message callback.
    func setMessageHandler(_ handler: (@Sendable (WebSocketServerConnection, WebSocketMessage) -> Void)?) {
        shared.withLock { $0.messageHandler = handler }
    }
}
