import Foundation

/// A complete WebSocket data message, already reassembled from its fragments.
///
/// The payload stays as bytes so that callers on the hot path (the price feed parses thousands of
/// small JSON objects a second) can scan it without first building a `String`. Text messages have
/// been validated as UTF-8 by the time they get here; nothing is repaired silently.
public struct WebSocketMessage: Sendable, Equatable {
    /// Whether the payload is text (UTF-8) or binary.
    public enum Kind: Sendable, Equatable {
        case text
        case binary
    }

    /// Text or binary.
    public var kind: Kind
    /// The message bytes, unmasked.
    public var payload: [UInt8]

    /// Creates a message from raw bytes.
    public init(kind: Kind, payload: [UInt8]) {
        self.kind = kind
        self.payload = payload
    }

    /// A text message holding the UTF-8 bytes of `text`.
    public static func text(_ text: String) -> WebSocketMessage {
        WebSocketMessage(kind: .text, payload: Array(text.utf8))
    }

    /// A binary message.
    public static func binary(_ bytes: [UInt8]) -> WebSocketMessage {
        WebSocketMessage(kind: .binary, payload: bytes)
    }

    /// The payload decoded as UTF-8, or `nil` for a binary message.
    public var text: String? {
        kind == .text ? String(decoding: payload, as: UTF8.self) : nil
    }
}

/// An open WebSocket connection.
///
/// `messages` ends normally when the peer closes cleanly and throws when the connection is lost or
/// the peer breaks the protocol. Cancelling the consumer of `messages` closes the connection.
///
/// `messageBatches` carries the same messages grouped as they arrived, for consumers that handle
/// many small messages a second: one stream element per socket read instead of per message.
/// Consume one of the two streams per connection, not both; or hand the messages to a
/// `WebSocketReceiver`, which takes them where they arrive.
public protocol WebSocketConnection: Sendable {
    /// Data messages in arrival order. Control frames (ping, pong, close) are handled inside.
    var messages: AsyncThrowingStream<WebSocketMessage, any Error> { get }
    /// The same data messages, in the same order, in batches of those that arrived together.
    /// Ends and throws like `messages`; cancelling its consumer closes the connection. A consumer
    /// slower than the network makes the connection stop reading (bounded memory).
    var messageBatches: BatchStream<WebSocketMessageBatch> { get }
    /// Hands every data message to `receiver` on the connection's side, batch by batch, then the
    /// end (see `WebSocketReceiver`). The third form, instead of `messages` or `messageBatches`.
    func deliver(to receiver: any WebSocketReceiver)
    /// Queues a data message for sending.
    func send(_ message: WebSocketMessage) async throws
    /// Starts the close handshake with `code` and waits (bounded) for it to finish.
    func close(code: CloseCode) async
    /// How the connection ended, once `messages` has finished without error: the peer's close
    /// code and reason (1005 if its Close was empty). Nil while open or when it ended with an error.
    var closeStatus: CloseStatus? { get async }
}

extension WebSocketConnection {
    /// Connections that cannot batch (URLSession) deliver each message as a batch of one. Each
    /// access starts reading `messages`: access it once.
    public var messageBatches: BatchStream<WebSocketMessageBatch> {
        BatchStream(singletons: messages) { WebSocketMessageBatch(CollectionOfOne($0)) }
    }

    /// Connections that cannot tell (scripted fakes) report nothing.
    public var closeStatus: CloseStatus? {
        get async { nil }
    }
}

/// Opens WebSocket connections: the native RFC 6455 client on Linux, `URLSessionWebSocketTask` on
/// Apple platforms, or a scripted fake in tests.
public protocol WebSocketClient: Sendable {
    /// Connects to `url` (ws:// or wss://), sending `headers` with the upgrade request.
    ///
    /// Header values may hold secrets (the API key); implementations never log or echo them.
    func connect(to url: URL, headers: [(name: String, value: String)]) async throws -> any WebSocketConnection

    /// This client with reads paced to at most one per `interval` while messages keep coming
    /// (`WebSocketClientOptions.readInterval`), for consumers that only redraw a view.
    func pacingReads(every interval: Duration) -> any WebSocketClient
}

extension WebSocketClient {
    /// Clients that cannot pace (URLSession delivers message by message; scripted fakes) stay
    /// as they are: pacing saves work, it changes no message.
    public func pacingReads(every interval: Duration) -> any WebSocketClient {
        self
    }
}
