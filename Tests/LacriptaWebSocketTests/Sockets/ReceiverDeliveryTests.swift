import Foundation
import LacriptaNet
import LacriptaSimulator
import Testing

@testable import LacriptaWebSocket

/// `deliver(to:)` over real sockets: every message in order on one thread (the connection's), then
/// one end, including what arrived before the receiver was given and after the connection ended.
@Suite struct ReceiverDeliveryTests {
    /// Collects what a connection hands over and lets a test wait for the end.
    final class Collector: WebSocketReceiver {
        private let state = Locked<(messages: [String], threads: Set<UInt>, ends: [String], sent: Bool)>(([], [], [], false))
        private let ended: AsyncStream<Void>.Continuation
        let endings: AsyncStream<Void>
        /// Sends a reply from inside `receive` on the first batch, when set.
        let replyOn: (any WebSocketConnection)?

        init(replyingOn connection: (any WebSocketConnection)? = nil) {
            (endings, ended) = AsyncStream.makeStream(of: Void.self)
            replyOn = connection
        }

        func receive(_ batch: WebSocketMessageBatch) {
            // The thread's id, not its name: Foundation on Linux may show a thread under its
            // creator's name for a while.
            #if canImport(Darwin)
            let thread = UInt(bitPattern: pthread_self())
            #else
            let thread = UInt(pthread_self())
            #endif
            let sendReply = state.withLock { state -> Bool in
                state.messages += batch.map { $0.text ?? "<binary>" }
                state.threads.insert(thread)
                defer { state.sent = true }
                return !state.sent
            }
            if sendReply, let connection = replyOn {
                // Sending from the receiver only queues: it must not deadlock the I/O thread.
                Task { try? await connection.send(.text("reply")) }
            }
        }

        func ended(_ error: (any Error)?) {
            state.withLock { $0.ends.append(error.map { "\($0)" } ?? "clean") }
            ended.yield()
        }

        var messages: [String] { state.withLock { $0.messages } }
        var threads: Set<UInt> { state.withLock { $0.threads } }
        var ends: [String] { state.withLock { $0.ends } }

        /// Waits (bounded) for the end.
        func waitForEnd() async throws {
            try await withTimeout(60) {
                for await _ in self.endings { return }
            }
        }
    }

    private func frames(_ range: Range<Int>) -> [UInt8] {
        let encoder = FrameEncoder(role: .server)
        return range.flatMap { encoder.encode(Frame(opcode: .text, payload: Array("message \($0)".utf8))) }
    }

    /// A server on 127.0.0.1, the native client's connection to it, and the server's end of that
    /// connection. The caller stops the server.
    private func connected() async throws -> (server: WebSocketServer, connection: NativeWebSocketConnection, peer: WebSocketServerConnection) {
        let server = try WebSocketServer()
        do {
            let connection = try await client.open(server.url())
            return (server, connection, try #require(await server.nextConnection()))
        } catch {
            server.stop()
            throw error
        }
    }

    private var client: NativeWebSocketClient {
        NativeWebSocketClient(
            options: WebSocketClientOptions(connectTimeout: .seconds(30), handshakeTimeout: .seconds(30), closeTimeout: .seconds(2)))
    }

    @Test func everyMessageArrivesInOrderOnTheConnectionsThreadThenOneCleanEnd() async throws {
        let (server, connection, peer) = try await connected()
        defer { server.stop() }
        let collector = Collector()
        connection.deliver(to: collector)
        // Whole frames, then one cut across two writes, then the close.
        let cut = frames(40..<41)
        peer.sendRaw(frames(0..<40) + cut[0..<5])
        peer.sendRaw(Array(cut[5...]) + frames(41..<100))
        peer.sendClose(code: .normalClosure)
        try await collector.waitForEnd()
        #expect(collector.messages == (0..<100).map { "message \($0)" })
        // Every read on the connection's one thread, never on the test's tasks.
        #expect(collector.threads.count == 1)
        #expect(collector.ends == ["clean"])
        #expect(await connection.closeStatus?.code == .normalClosure)
    }

    @Test func whatArrivedBeforeTheReceiverComesFirst() async throws {
        let (server, connection, peer) = try await connected()
        defer { server.stop() }
        peer.sendRaw(frames(0..<3))
        // Wait (bounded, on an event the server sees) for the client to have read the three:
        // it answers a ping only after reading what came before it.
        peer.sendPing(Array("p".utf8))
        let pong = try await withTimeout(60) { await peer.nextFrame() }
        #expect(pong?.opcode == .pong)
        let collector = Collector()
        connection.deliver(to: collector)
        peer.sendRaw(frames(3..<6))
        peer.sendClose(code: .normalClosure)
        try await collector.waitForEnd()
        #expect(collector.messages == (0..<6).map { "message \($0)" })
        #expect(collector.ends == ["clean"])
    }

    @Test func aReceiverGivenAfterTheConnectionEndedStillGetsEverythingAndTheEnd() async throws {
        let (server, connection, peer) = try await connected()
        defer { server.stop() }
        peer.sendRaw(frames(0..<3))
        peer.sendClose(code: .normalClosure)
        var polls = 0
        while await connection.closeStatus == nil, polls < 2500 {
            polls += 1
            try await Task.sleep(for: .milliseconds(2))
        }
        let collector = Collector()
        connection.deliver(to: collector)
        try await collector.waitForEnd()
        #expect(collector.messages == ["message 0", "message 1", "message 2"])
        #expect(collector.ends == ["clean"])
    }

    @Test func aLostConnectionEndsWithItsErrorAfterTheMessagesBeforeIt() async throws {
        let (server, connection, peer) = try await connected()
        defer { server.stop() }
        let collector = Collector()
        connection.deliver(to: collector)
        peer.sendRaw(frames(0..<2))
        peer.dropConnection()
        try await collector.waitForEnd()
        #expect(collector.messages == ["message 0", "message 1"])
        #expect(collector.ends.count == 1)
        #expect(collector.ends != ["clean"])
    }

    @Test func theReceiverMaySendWithoutBlockingTheConnection() async throws {
        let (server, connection, peer) = try await connected()
        defer { server.stop() }
        let collector = Collector(replyingOn: connection)
        connection.deliver(to: collector)
        peer.sendRaw(frames(0..<1))
        let reply = try await withTimeout(60) { await peer.nextMessage() }
        #expect(reply?.text == "reply")
        peer.sendRaw(frames(1..<2))
        peer.sendClose(code: .normalClosure)
        try await collector.waitForEnd()
        #expect(collector.messages == ["message 0", "message 1"])
    }
}
