import Foundation
import LacriptaNet
import LacriptaWebSocket

/// A fake WebSocket connection driven by a test: the test pushes server messages, drops or closes
/// the connection, and reads back what the client sent.
public actor ScriptedConnection: WebSocketConnection {
    /// The error a dropped connection throws from `messages`.
    public struct Dropped: Error, Equatable {
        /// Creates the error.
        public init() {}
    }

    /// The error `send` throws once the connection is closed or dropped.
    public struct Closed: Error, Equatable {
        /// Creates the error.
        public init() {}
    }

    /// The URL the client connected to.
    public nonisolated let url: URL
    /// The headers the client sent with the upgrade request.
    public nonisolated let headers: [(name: String, value: String)]
    /// `messages`, made on first use (it reads `messageBatches`, so use one of the two).
    private nonisolated let flattened = Locked<AsyncThrowingStream<WebSocketMessage, any Error>?>(nil)
    /// What the test pushed, one batch per `push` call (several lines pushed together arrive
    /// together, like the messages of one socket read).
    public nonisolated let messageBatches: BatchStream<WebSocketMessageBatch>
    private nonisolated let continuation: AsyncThrowingStream<WebSocketMessageBatch, any Error>.Continuation

    /// Every message the client sent, in order.
    public private(set) var sent: [WebSocketMessage] = []
    /// The close code, once the client closed the connection.
    public private(set) var closeCode: CloseCode?
    private var isOpen = true
    private var sentWaiters: [(index: Int, continuation: CheckedContinuation<WebSocketMessage, Never>)] = []
    private var closeWaiters: [CheckedContinuation<CloseCode, Never>] = []

    /// Whether every send throws (the server closed before the client's first send).
    private let refusesSends: Bool

    /// A connection as the client opened it.
    public init(url: URL, headers: [(name: String, value: String)], refusesSends: Bool = false) {
        self.url = url
        self.headers = headers
        self.refusesSends = refusesSends
        let (batches, continuation) = AsyncThrowingStream.makeStream(of: WebSocketMessageBatch.self, throwing: (any Error).self)
        self.continuation = continuation
        messageBatches = BatchStream(batches)
    }

    /// What the test pushed, one message at a time.
    public nonisolated var messages: AsyncThrowingStream<WebSocketMessage, any Error> {
        flattened.withLock { stream in
            if let stream { return stream }
            let made = messageBatches.flattened()
            stream = made
            return made
        }
    }

    // MARK: Server side, for tests

    /// Delivers a text message from the "server".
    public nonisolated func push(_ text: String) {
        continuation.yield(WebSocketMessageBatch(CollectionOfOne(.text(text))))
    }

    /// Delivers a message with raw bytes (malformed UTF-8 or JSON included).
    public nonisolated func push(bytes: [UInt8]) {
        continuation.yield(WebSocketMessageBatch(CollectionOfOne(WebSocketMessage(kind: .text, payload: bytes))))
    }

    /// Delivers several text messages in order, as one batch.
    public nonisolated func push(lines: [String]) {
        continuation.yield(WebSocketMessageBatch(lines.map(WebSocketMessage.text)))
    }

    /// Breaks the connection: `messages` throws `error`.
    public nonisolated func drop(_ error: any Error = Dropped()) {
        continuation.finish(throwing: error)
    }

    /// Closes the connection cleanly from the server side: `messages` ends.
    public nonisolated func finishFromServer() {
        continuation.finish()
    }

    /// Closes the connection from the server side the way a WebSocket Close does: `messages` ends
    /// after what was pushed, and the client's sends fail from now on.
    public func closeFromServer() {
        isOpen = false
        continuation.finish()
    }

    // MARK: Client side (WebSocketConnection)

    public func send(_ message: WebSocketMessage) async throws {
        guard isOpen, !refusesSends else { throw Closed() }
        sent.append(message)
        let index = sent.count - 1
        let ready = sentWaiters.filter { $0.index == index }
        sentWaiters.removeAll { $0.index == index }
        for waiter in ready { waiter.continuation.resume(returning: message) }
    }

    public func close(code: CloseCode) async {
        if closeCode == nil { closeCode = code }
        isOpen = false
        continuation.finish()
        let waiters = closeWaiters
        closeWaiters = []
        for waiter in waiters { waiter.resume(returning: code) }
    }

    // MARK: Inspection

    /// The texts the client sent, in order.
    public var sentTexts: [String] {
        sent.compactMap(\.text)
    }

    /// The `index`th message the client sends (0-based), waiting for it if necessary.
    public func sentMessage(at index: Int) async -> WebSocketMessage {
        if index < sent.count { return sent[index] }
        return await withCheckedContinuation { continuation in
            sentWaiters.append((index, continuation))
        }
    }

    /// The text of the `index`th message the client sends, waiting for it if necessary.
    public func sentText(at index: Int) async -> String {
        await sentMessage(at: index).text ?? ""
    }

    /// The close code, waiting until the client closes the connection.
    public func waitForClose() async -> CloseCode {
        if let closeCode { return closeCode }
        return await withCheckedContinuation { continuation in
            closeWaiters.append(continuation)
        }
    }

    /// The value of the header `name` (case-insensitive) the client sent, if any.
    public nonisolated func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
