import LacriptaNet
import LacriptaWebSocket

/// One upgraded connection of `WebSocketServer`. Every method may be called from any thread or
/// task: it queues bytes or a fault for the connection's I/O thread and returns at once.
public final class WebSocketServerConnection: Sendable {
    /// Path and query the client requested, e.g. "/v2?api_key=…" (the simulator checks the key).
    public let requestTarget: String
    /// The upgrade request's headers, in order.
    public let requestHeaders: [(name: String, value: String)]
    let loop: ServerConnectionLoop
    private let encoder = FrameEncoder(role: .server)

    init(requestTarget: String, requestHeaders: [(name: String, value: String)], loop: ServerConnectionLoop) {
        self.requestTarget = requestTarget
        self.requestHeaders = requestHeaders
        self.loop = loop
    }

    // MARK: - Receiving

    /// Called on the I/O thread for each complete data message from the client. Set it in the
    /// server's `onConnection` so no message is missed; while set, `nextMessage` gets nothing.
    public func onMessage(_ handler: (@Sendable (WebSocketServerConnection, WebSocketMessage) -> Void)?) {
        loop.setMessageHandler(handler)
    }

    /// The next frame received (data or control, unmasked), or nil after `timeout` or disconnect.
    public func nextFrame(timeout: Duration = .seconds(60)) async -> Frame? {
        await loop.frames.next(timeout: timeout) { [loop] in loop.wake.signal() }
    }

    /// The next complete data message, or nil after `timeout` or disconnect.
    public func nextMessage(timeout: Duration = .seconds(60)) async -> WebSocketMessage? {
        await loop.messages.next(timeout: timeout) { [loop] in loop.wake.signal() }
    }

    /// The status of the client's Close frame, skipping other frames; nil if none came in time.
    public func nextClose(timeout: Duration = .seconds(60)) async -> CloseStatus? {
        while let frame = await nextFrame(timeout: timeout) {
            if frame.opcode == .close {
                return (try? CloseStatus.parse(closePayload: frame.payload)) ?? CloseStatus(code: .noStatusReceived)
            }
        }
        return nil
    }

    /// True once the TCP connection has ended; false if it is still open after `timeout`.
    public func waitForDisconnect(timeout: Duration = .seconds(60)) async -> Bool {
        await loop.disconnected.next(timeout: timeout) { [loop] in loop.wake.signal() } ?? false
    }

    // MARK: - Sending

    /// Sends a data message, optionally split into fragments of `fragmentSize` bytes, optionally
    /// with a ping between fragments (RFC 6455 §5.4 allows control frames there).
    public func send(_ message: WebSocketMessage, fragmentSize: Int? = nil, pingBetweenFragments: Bool = false) {
        let opcode: Opcode = message.kind == .text ? .text : .binary
        guard let size = fragmentSize, size > 0, message.payload.count > size else {
            sendFrame(Frame(opcode: opcode, payload: message.payload))
            return
        }
        var bytes: [UInt8] = []
        var offset = 0
        var index = 0
        while offset < message.payload.count {
            let end = min(offset + size, message.payload.count)
            let frame = Frame(
                fin: end == message.payload.count, opcode: offset == 0 ? opcode : .continuation, payload: Array(message.payload[offset..<end]))
            bytes += encoder.encode(frame)
            if pingBetweenFragments, end < message.payload.count {
                bytes += encoder.encode(Frame(opcode: .ping, payload: Array("ping \(index)".utf8)))
            }
            offset = end
            index += 1
        }
        loop.enqueue(.write(bytes, closeSent: false))
    }

    /// Sends a text message.
    public func send(text: String) {
        send(.text(text))
    }

    /// Sends one frame exactly as given (any FIN, RSV bits, opcode), unmasked.
    public func sendFrame(_ frame: Frame) {
        loop.enqueue(.write(encoder.encode(frame), closeSent: frame.opcode == .close))
    }

    /// Sends a ping.
    public func sendPing(_ payload: [UInt8] = []) {
        sendFrame(Frame(opcode: .ping, payload: payload))
    }

    /// Starts the closing handshake; `code: nil` sends an empty Close. The server closes TCP once
    /// the client's reply arrives.
    public func sendClose(code: CloseCode? = .normalClosure, reason: String = "") {
        sendFrame(code.map { Frame.close(code: $0, reason: reason) } ?? Frame(opcode: .close))
    }

    /// Writes arbitrary bytes: reserved opcodes, masked frames, bad lengths, garbage.
    public func sendRaw(_ bytes: [UInt8]) {
        loop.enqueue(.write(bytes, closeSent: false))
    }

    // MARK: - Faults

    /// Sends a text message that is not valid UTF-8 (a client must fail with 1007).
    public func sendInvalidUTF8Text() {
        sendFrame(Frame(opcode: .text, payload: Array("price ".utf8) + [0xCE, 0xBA, 0xE1, 0xBD, 0xB9, 0xFF]))
    }

    /// Sends a binary message of `byteCount` bytes (to exceed a client's limit: 1009).
    public func sendOversizedMessage(byteCount: Int) {
        sendFrame(Frame(opcode: .binary, payload: [UInt8](repeating: 0x2A, count: byteCount)))
    }

    /// Drops TCP abruptly (RST, no Close). With `midFrame`, first sends the header and part of a
    /// frame so the client loses the connection in the middle of it.
    public func dropConnection(midFrame: Bool = false) {
        if midFrame {
            loop.enqueue(
                .write(Array(encoder.encode(Frame(opcode: .text, payload: [UInt8](repeating: 0x41, count: 100))).prefix(12)), closeSent: false))
        }
        loop.enqueue(.drop)
    }

    /// Closes TCP with a FIN, without a WebSocket Close.
    public func closeTCP() {
        loop.enqueue(.closeTCP)
    }

    /// Stops answering anything (pings, Close, echo) while keeping TCP open: a hung server.
    public func goSilent() {
        loop.enqueue(.silence)
    }
}
