import Foundation
import LacriptaNet

/// The RFC 6455 client over POSIX sockets and (for wss://) the system OpenSSL: the client used on
/// Linux, where `URLSessionWebSocketTask` does not work.
///
/// Each connection gets one I/O thread. TLS verifies the server against the system trust store
/// plus `options.caFile`, with SNI and host-name checking, TLS 1.2 or newer.
public struct NativeWebSocketClient: WebSocketClient {
    /// Timeouts, size limit and extra trust.
    public var options: WebSocketClientOptions

    /// Creates a client.
    public init(options: WebSocketClientOptions = WebSocketClientOptions()) {
        self.options = options
    }

    /// A copy whose connections read at most once per `interval` while messages keep coming.
    public func pacingReads(every interval: Duration) -> any WebSocketClient {
        var paced = self
        paced.options.readInterval = interval > .zero ? interval : nil
        return paced
    }

    /// Connects to `url`; see `open(_:headers:)`.
    public func connect(to url: URL, headers: [(name: String, value: String)]) async throws -> any WebSocketConnection {
        try await open(url, headers: headers)
    }

    /// Connects to `url` (ws:// or wss://), sending `headers` (and `options.userAgent`) with the
    /// upgrade, and returns once the server accepted the upgrade. Throws `WebSocketError` (or `CancellationError`).
    public func open(_ url: URL, headers: [(name: String, value: String)] = []) async throws -> NativeWebSocketConnection {
        let endpoint = try URLTarget(url: url)
        let request = try HandshakeRequest(url: url, headers: options.upgradeHeaders(headers))
        let wake: WakePipe
        do {
            wake = try WakePipe()
        } catch {
            throw WebSocketError(transport: error)
        }
        let (messages, messageContinuation) = AsyncThrowingStream.makeStream(of: WebSocketMessage.self, throwing: (any Error).self)
        let (batches, batchContinuation) = AsyncThrowingStream.makeStream(of: WebSocketMessageBatch.self, throwing: (any Error).self)
        let shared = Locked(
            ConnectionShared(
                delivery: MessageDelivery(messages: messageContinuation, batches: batchContinuation),
                receiveWindow: options.receiveWindow))
        messageContinuation.onTermination = NativeWebSocketConnection.closeOnCancel(shared: shared, wake: wake)
        batchContinuation.onTermination = NativeWebSocketConnection.closeOnCancel(shared: shared, wake: wake)
        let driver = ConnectionDriver(endpoint: endpoint, request: request, options: options, shared: shared, wake: wake)
        Posix.ignoreSIGPIPE
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (opened: CheckedContinuation<Void, any Error>) in
                NamedThread.start("lacripta-ws") { driver.run { opened.resume(with: $0) } }
            }
        } onCancel: {
            shared.withLock { $0.connectCancelled = true }
            wake.signal()
        }
        return NativeWebSocketConnection(messages: messages, batches: batches, shared: shared, wake: wake)
    }
}
