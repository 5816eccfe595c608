import Foundation
import LacriptaSimulator
import LacriptaURLSession
import LacriptaWebSocket
import Testing

/// The URLSession WebSocket client the product uses on Apple platforms, run here against the
/// simulator's WebSocket server. FoundationNetworking's WebSocket tasks need a libcurl built with
/// WebSocket support; where it has none (Debian 12), the client must say so in one clear error.
@Suite("URLSession WebSocket client against the simulator's server")
struct URLSessionWebSocketClientTests {
    /// How a connection attempt ended.
    private enum Outcome: Sendable {
        /// Connected, sent a message and received its echo.
        case echoed(WebSocketMessage?)
        /// Refused to connect with this error.
        case failed(any Error)
        /// Neither within the bound: the client hung.
        case hung
    }

    @Test("messages go both ways, or the client says this system's libcurl cannot do WebSockets")
    func echoOrClearRefusal() async throws {
        let server = try WebSocketServer(behavior: .init(echoMessages: true))
        defer { server.stop() }
        let client = URLSessionWebSocketClient()
        let outcome = await Self.firstOf(bound: .seconds(60)) {
            do {
                let connection = try await client.connect(to: server.url(path: "/echo"), headers: [(name: "X-Test", value: "1")])
                try await connection.send(.text("hello ünïcode"))
                var messages = connection.messages.makeAsyncIterator()
                let echo = try await messages.next()
                await connection.close(code: .normalClosure)
                return .echoed(echo)
            } catch {
                return .failed(error)
            }
        }
        switch outcome {
        case .echoed(let echo):
            #expect(echo == .text("hello ünïcode"))
        case .failed(let error):
            let refusal = try #require(error as? WebSocketError, "not a WebSocketError: \(error)")
            #expect(refusal.kind == .webSocketsUnavailable, "\(refusal)")
            #expect(refusal.userMessage.hasPrefix("this system's libcurl cannot do WebSockets"))
        case .hung:
            Issue.record("the client neither connected nor failed")
        }
    }

    /// Runs `attempt`, or answers `.hung` once `bound` passes first.
    private static func firstOf(bound: Duration, _ attempt: @escaping @Sendable () async -> Outcome) async -> Outcome {
        await withTaskGroup(of: Outcome.self) { group in
            group.addTask { await attempt() }
            group.addTask {
                try? await Task.sleep(for: bound)
                return .hung
            }
            let first = await group.next() ?? .hung
            group.cancelAll()
            return first
        }
    }
}
