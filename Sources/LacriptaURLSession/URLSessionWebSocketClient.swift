import Foundation
import LacriptaWebSocket

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Apple-platform client over `URLSessionWebSocketTask`, which handles TLS with the system
/// trust settings (so `options.caFile` is not used here) and the protocol itself.
///
/// It builds and runs on Linux too, over FoundationNetworking, whose WebSocket tasks need a
/// libcurl built with WebSocket support (Debian 12's is not): there `connect` fails with
/// `WebSocketError.Kind.webSocketsUnavailable`.
public struct URLSessionWebSocketClient: WebSocketClient {
    /// Timeouts and the maximum message size (`caFile` is ignored: use the keychain).
    public var options: WebSocketClientOptions

    /// Creates a client.
    public init(options: WebSocketClientOptions = WebSocketClientOptions()) {
        self.options = options
    }

    /// Connects and returns once the server accepted the upgrade.
    public func connect(to url: URL, headers: [(name: String, value: String)]) async throws -> any WebSocketConnection {
        var request = URLRequest(url: url)
        request.timeoutInterval = Self.seconds(options.connectTimeout + options.handshakeTimeout)
        for header in options.upgradeHeaders(headers) { request.addValue(header.value, forHTTPHeaderField: header.name) }
        let delegate = OpenDelegate()
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        let task = session.webSocketTask(with: request)
        task.maximumMessageSize = options.maxMessageSize
        let box = TaskBox(task: task, session: session)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (opened: CheckedContinuation<Void, any Error>) in
                delegate.onOpen = { opened.resume(with: $0) }
                task.resume()
            }
        } onCancel: {
            box.task.cancel()
        }
        return URLSessionWebSocketConnection(box: box)
    }

    /// `Duration` in seconds as `TimeInterval`.
    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

/// Holds the task and its session together.
final class TaskBox: @unchecked Sendable {
    // @unchecked: both properties are immutable references to thread-safe Foundation objects.
    let task: URLSessionWebSocketTask
    let session: URLSession

    init(task: URLSessionWebSocketTask, session: URLSession) {
        self.task = task
        self.session = session
    }
}

/// Reports the first of "opened" or "failed" for one task.
final class OpenDelegate: NSObject, URLSessionWebSocketDelegate, @unchecked Sendable {
    // @unchecked: `callback` is only read and written under `lock`.
    private let lock = NSLock()
    private var callback: (@Sendable (Result<Void, any Error>) -> Void)?

    /// Set before the task resumes; called at most once.
    var onOpen: (@Sendable (Result<Void, any Error>) -> Void)? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return callback
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            callback = newValue
        }
    }

    /// Takes the callback so it runs only once.
    private func report(_ result: Result<Void, any Error>) {
        lock.lock()
        let taken = callback
        callback = nil
        lock.unlock()
        taken?(result)
    }

    /// The upgrade succeeded.
    func urlSession(_ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?) {
        report(.success(()))
    }

    /// The peer closed: nothing to do here, the connection reads the code from the task. Optional on
    /// Apple platforms, required by FoundationNetworking.
    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask, didCloseWith closeCode: URLSessionWebSocketTask.CloseCode,
        reason: Data?
    ) {}

    /// The task ended before (or instead of) opening: report a rejected upgrade, a libcurl without
    /// WebSockets, or a network error.
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        report(.failure(Self.failure(status: (task.response as? HTTPURLResponse)?.statusCode, error: error)))
    }

    /// The `WebSocketError` a task that never opened stands for. FoundationNetworking refuses a
    /// ws:// or wss:// URL as unsupported (NSURLErrorUnsupportedURL, "WebSockets not supported
    /// by libcurl") when its libcurl was built without WebSockets; Apple's URLSession never does.
    static func failure(status: Int?, error: (any Error)?) -> WebSocketError {
        if let status, status != 101 { return WebSocketError(.upgradeRejected, httpStatus: status) }
        if let error = error as? URLError, error.code == .unsupportedURL { return WebSocketError(.webSocketsUnavailable) }
        return WebSocketError(.networkFailure, detail: error?.localizedDescription)
    }
}
