import Foundation
import LacriptaNetServer
import LacriptaSimulator
import LacriptaTestSupport
import LacriptaWebSocket
import Testing

/// Opening failures a user can run into, each with a clear error.
@Suite struct HandshakeOverSocketTests {
    /// Connects to `server` and returns the error.
    func connectError(_ server: WebSocketServer, client: NativeWebSocketClient = testClient()) async throws -> WebSocketError {
        do {
            let connection = try await withTimeout { try await client.open(server.url(path: "/v2?api_key=secret-key")) }
            await connection.close(code: .normalClosure)
            throw TimedOut()
        } catch let error as WebSocketError {
            return error
        }
    }

    @Test func rejectedUpgradeCarriesStatusAndBodyButNoSecrets() async throws {
        let body = #"{"Response":"Error","Message":"bad key"}"#
        let server = try WebSocketServer(behavior: .init(upgrade: .reject(status: 401, body: body)))
        defer { server.stop() }
        let error = try await connectError(server)
        #expect(error.kind == .upgradeRejected && error.httpStatus == 401)
        #expect(error.responseBody == Array(body.utf8))
        #expect(error.userMessage.contains("401"))
        #expect(!error.userMessage.contains("secret-key") && !error.userMessage.contains("/v2"))
    }

    @Test func wrongAcceptFails() async throws {
        let server = try WebSocketServer(
            behavior: .init(
                upgrade: .raw { _ in
                    Array(
                        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n"
                            .utf8)
                }))
        defer { server.stop() }
        #expect(try await connectError(server).kind == .invalidHandshake(.wrongAccept))
    }

    @Test func missingAcceptFails() async throws {
        let server = try WebSocketServer(
            behavior: .init(
                upgrade: .raw { _ in
                    Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n".utf8)
                }))
        defer { server.stop() }
        #expect(try await connectError(server).kind == .invalidHandshake(.missingAccept))
    }

    @Test func silentServerTimesOutTheHandshake() async throws {
        let server = try WebSocketServer(behavior: .init(upgrade: .raw { _ in [] }))
        defer { server.stop() }
        let client = NativeWebSocketClient(options: .init(handshakeTimeout: .milliseconds(300)))
        let error = try await connectError(server, client: client)
        #expect(error.kind == .handshakeTimedOut)
        #expect(error.userMessage.contains("timed out"))
    }

    @Test func connectionRefusedIsClear() async throws {
        // A port kept bound and never listening: a freed one can go to another test's listener.
        let closed = try #require(ClosedPort())
        let port = closed.port
        let url = try #require(URL(string: "ws://127.0.0.1:\(port)/"))
        await #expect(throws: WebSocketError(.connectionRefused)) { _ = try await testClient().open(url) }
        do {
            _ = try await testClient().open(url)
        } catch let error as WebSocketError {
            #expect(error.userMessage == "connection refused by 127.0.0.1:\(port): is the server running?")
        }
        withExtendedLifetime(closed) {}
    }

    @Test func unknownHostIsClear() async throws {
        let url = try #require(URL(string: "ws://no-such-host.invalid/"))
        await #expect(throws: WebSocketError(.hostNotFound)) { _ = try await testClient().open(url) }
    }

    @Test func invalidURLsAreRejectedBeforeConnecting() async throws {
        let url = try #require(URL(string: "http://127.0.0.1/"))
        await #expect(throws: WebSocketError(.invalidURL)) { _ = try await testClient().open(url) }
    }
}
