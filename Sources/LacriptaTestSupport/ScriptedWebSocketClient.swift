import Foundation
import LacriptaWebSocket

/// A fake `WebSocketClient`: each `connect` either fails (as scripted) or returns a new
/// `ScriptedConnection` that the test then drives.
public actor ScriptedWebSocketClient: WebSocketClient {
    /// The error a scripted connect failure throws by default.
    public struct ConnectRefused: Error, Equatable {
        /// Creates the error.
        public init() {}
    }

    /// One call to `connect`.
    public struct Attempt: Sendable {
        /// The URL asked for.
        public var url: URL
        /// The headers sent.
        public var headers: [(name: String, value: String)]
        /// Whether the attempt was failed by the script.
        public var failed: Bool
    }

    /// Every connect call, in order.
    public private(set) var attempts: [Attempt] = []
    /// Every connection handed out, in order.
    public private(set) var connections: [ScriptedConnection] = []
    private var scriptedFailures: [any Error] = []
    private var refuseSendsNext = false
    private var preparations: [@Sendable (ScriptedConnection) async -> Void] = []
    private var connectionWaiters: [(index: Int, continuation: CheckedContinuation<ScriptedConnection, Never>)] = []
    private var attemptWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// A client whose connects all succeed until failures are scripted.
    public init() {}

    /// Makes the next connection throw on every send, as a client does once the server has
    /// already closed (URLSessionWebSocketTask, for one).
    public func refuseSendsOnNextConnection() {
        refuseSendsNext = true
    }

    /// Makes the next connect fail with `error` (queued: call several times for several failures).
    public func failNextConnect(with error: any Error = ConnectRefused()) {
        scriptedFailures.append(error)
    }

    /// Runs `body` on the next successful connection before `connect` returns it, so a test can
    /// script what the server did before the client got to say anything.
    public func prepareNextConnection(_ body: @escaping @Sendable (ScriptedConnection) async -> Void) {
        preparations.append(body)
    }

    public func connect(to url: URL, headers: [(name: String, value: String)]) async throws -> any WebSocketConnection {
        if !scriptedFailures.isEmpty {
            let error = scriptedFailures.removeFirst()
            record(Attempt(url: url, headers: headers, failed: true))
            throw error
        }
        let connection = ScriptedConnection(url: url, headers: headers, refusesSends: refuseSendsNext)
        refuseSendsNext = false
        if !preparations.isEmpty { await preparations.removeFirst()(connection) }
        connections.append(connection)
        record(Attempt(url: url, headers: headers, failed: false))
        let index = connections.count - 1
        let ready = connectionWaiters.filter { $0.index == index }
        connectionWaiters.removeAll { $0.index == index }
        for waiter in ready { waiter.continuation.resume(returning: connection) }
        return connection
    }

    /// The `index`th successful connection (0-based), waiting until the client opens it.
    public func connection(at index: Int) async -> ScriptedConnection {
        if index < connections.count { return connections[index] }
        return await withCheckedContinuation { continuation in
            connectionWaiters.append((index, continuation))
        }
    }

    /// Returns once `count` connect calls (successful or not) have been made.
    public func waitForAttempts(_ count: Int) async {
        if attempts.count >= count { return }
        await withCheckedContinuation { continuation in
            attemptWaiters.append((count, continuation))
        }
    }

    private func record(_ attempt: Attempt) {
        attempts.append(attempt)
        let count = attempts.count
        let ready = attemptWaiters.filter { $0.count <= count }
        attemptWaiters.removeAll { $0.count <= count }
        for waiter in ready { waiter.continuation.resume() }
    }
}
