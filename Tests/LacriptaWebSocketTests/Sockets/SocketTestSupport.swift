import Foundation
import LacriptaSimulator
import LacriptaWebSocket
import Testing

/// Thrown when a bounded wait on a real socket runs out.
struct TimedOut: Error {}

/// Runs `body`, failing with `TimedOut` after `seconds`: a guard so a broken client fails the test
/// instead of hanging the run. Not a timing assertion.
func withTimeout<T: Sendable>(_ seconds: Double = 60, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw TimedOut()
        }
        defer { group.cancelAll() }
        guard let result = try await group.next() else { throw TimedOut() }
        return result
    }
}

/// Every message of `connection` and how its stream ended (nil = cleanly).
func drain(_ connection: NativeWebSocketConnection) async throws -> (messages: [WebSocketMessage], error: WebSocketError?) {
    try await withTimeout {
        var messages: [WebSocketMessage] = []
        do {
            for try await message in connection.messages { messages.append(message) }
            return (messages, nil)
        } catch let error as WebSocketError {
            return (messages, error)
        }
    }
}

/// The next message of `connection`, or nil when the stream finished cleanly.
func nextMessage(_ connection: NativeWebSocketConnection) async throws -> WebSocketMessage? {
    try await withTimeout {
        for try await message in connection.messages { return message }
        return nil
    }
}

/// Drains `connection.messages` and returns how it ended: nil for a clean finish, else the error.
func streamEnding(_ connection: NativeWebSocketConnection) async throws -> WebSocketError? {
    try await withTimeout {
        do {
            for try await _ in connection.messages {}
            return nil
        } catch let error as WebSocketError {
            return error
        }
    }
}

/// A client with short timeouts so failure paths finish quickly.
func testClient(caFile: String? = nil, maxMessageSize: Int = 4 << 20) -> NativeWebSocketClient {
    NativeWebSocketClient(
        options: WebSocketClientOptions(
            connectTimeout: .seconds(30), handshakeTimeout: .seconds(30), closeTimeout: .seconds(2), maxMessageSize: maxMessageSize,
            caFile: caFile))
}

/// Starts a server and connects a client to it; returns both ends.
func connectedPair(
    behavior: WebSocketServer.Behavior = WebSocketServer.Behavior(), tls: WebSocketServer.TLSIdentity? = nil,
    caFile: String? = nil, maxMessageSize: Int = 4 << 20, path: String = "/"
) async throws -> (WebSocketServer, NativeWebSocketConnection, WebSocketServerConnection) {
    let server = try WebSocketServer(tls: tls, behavior: behavior)
    let url = server.url(path: path, host: tls == nil ? nil : "localhost")
    let client = try await testClient(caFile: caFile, maxMessageSize: maxMessageSize).open(url)
    let peer = try #require(await server.nextConnection())
    return (server, client, peer)
}
