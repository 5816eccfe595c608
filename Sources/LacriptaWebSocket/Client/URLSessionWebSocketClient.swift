#if canImport(Darwin)
import Foundation

/// The Apple-platform client over `URLSessionWebSocketTask`, which handles TLS with the system
/// trust settings (so `options.caFile` is not used here) and the protocol itself.
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

    /// The task ended before (or instead of) opening: report a rejected upgrade or a network error.
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let status = (task.response as? HTTPURLResponse)?.statusCode
        if let status, status != 101 {
            report(.failure(WebSocketError(.upgradeRejected, httpStatus: status)))
        } else {
            report(.failure(WebSocketError(.networkFailure, detail: error?.localizedDescription)))
        }
    }
}

/// A connection backed by `URLSessionWebSocketTask`.
final class URLSessionWebSocketConnection: WebSocketConnection {
    let messages: AsyncThrowingStream<WebSocketMessage, any Error>
    private let box: TaskBox

    init(box: TaskBox) {
        self.box = box
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: WebSocketMessage.self, throwing: (any Error).self)
        messages = stream
        let receiver = Task {
            do {
                while true {
                    switch try await box.task.receive() {
                    case .string(let text): continuation.yield(.text(text))
                    case .data(let data): continuation.yield(.binary([UInt8](data)))
                    @unknown default: break
                    }
                }
            } catch {
                box.session.finishTasksAndInvalidate()  // releases the delegate the session retains
                if box.task.closeCode != .invalid {
                    continuation.finish()
                } else {
                    continuation.finish(throwing: WebSocketError(.connectionLost, detail: error.localizedDescription))
                }
            }
        }
        continuation.onTermination = { termination in
            guard case .cancelled = termination else { return }
            receiver.cancel()
            box.task.cancel(with: .goingAway, reason: nil)
        }
    }

    /// Sends through the task.
    func send(_ message: WebSocketMessage) async throws {
        switch message.kind {
        case .text: try await box.task.send(.string(String(decoding: message.payload, as: UTF8.self)))
        case .binary: try await box.task.send(.data(Data(message.payload)))
        }
    }

    /// Cancels the task with `code` (URLSession runs the close handshake).
    func close(code: CloseCode) async {
        let closeCode = URLSessionWebSocketTask.CloseCode(rawValue: Int(code.rawValue)) ?? .normalClosure
        box.task.cancel(with: closeCode, reason: nil)
        box.session.finishTasksAndInvalidate()
    }

    var closeStatus: CloseStatus? {
        get async {
            let code = box.task.closeCode
            guard code != .invalid else { return nil }
            let reason = box.task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
            return CloseStatus(code: CloseCode(UInt16(clamping: code.rawValue)), reason: reason)
        }
    }
}
#endif
