import Foundation
import LacriptaSimulator
import LacriptaWebSocket
import Testing

/// A server that refuses right after the upgrade, the way CryptoCompare's streamer answers a
/// socket over the limit (a 429 text, then Close 1008), while the client sends its subscription
/// the moment it is connected. Whichever side wins that race, the client must deliver the refusal
/// and end cleanly with the server's code: the price feed reads the 429 to decide how long to wait.
@Suite struct RefusalRaceTests {
    /// The refusal the server sends before its Close.
    static let refusal = #"{"TYPE":"429","MESSAGE":"TOO_MANY_SOCKETS_MAX_1_PER_CLIENT"}"#
    /// What the client sends at once, like the feed's SubAdd.
    static let subscription = WebSocketMessage.text(#"{"action":"SubAdd","subs":["5~CCCAGG~BTC~USD"]}"#)

    @Test func refusalIsDeliveredWhileTheClientSendsAtOnce() async throws {
        // The refusal is queued on the server's I/O thread before it reads a byte, as in the
        // simulator's streamer, so it crosses the client's first message on the wire.
        let server = try WebSocketServer { connection in
            connection.send(text: Self.refusal)
            connection.sendClose(code: .policyViolation)
        }
        defer { server.stop() }
        for round in 1...50 {
            let client = try await testClient().open(server.url(path: "/v2"))
            try await client.send(Self.subscription)  // must not fail when the Close won the race
            let (messages, error) = try await drain(client)
            #expect(messages == [.text(Self.refusal)], "round \(round)")
            #expect(error == nil, "round \(round): \(error.map { "\($0)" } ?? "")")
            #expect(await client.closeStatus == CloseStatus(code: .policyViolation), "round \(round)")
            let peer = try #require(await server.nextConnection())
            #expect(await peer.nextClose() == CloseStatus(code: .policyViolation), "round \(round)")  // the echo
            #expect(await peer.waitForDisconnect(), "round \(round)")
        }
    }

    /// Linux keeps received bytes readable after a RST arrives; other kernels may drop them, and
    /// then no client could deliver the refusal.
    static let resetKeepsReceivedBytes: Bool = {
        #if os(Linux)
        true
        #else
        false
        #endif
    }()

    @Test(.enabled(if: resetKeepsReceivedBytes, "needs a kernel that keeps received bytes after a RST"))
    func refusalIsDeliveredWhenTheServerResetsRightAfterIt() async throws {
        // The reset usually arrives while the client's first message is being written: the
        // write fails, yet the refusal and the Close are already in the client's kernel buffer.
        let server = try WebSocketServer { connection in
            connection.send(text: Self.refusal)
            connection.sendClose(code: .policyViolation)
            connection.dropConnection()
        }
        defer { server.stop() }
        for round in 1...50 {
            let client = try await testClient().open(server.url(path: "/v2"))
            try await client.send(Self.subscription)
            let (messages, error) = try await drain(client)
            #expect(messages == [.text(Self.refusal)], "round \(round)")
            #expect(error == nil, "round \(round): \(error.map { "\($0)" } ?? "")")
            #expect(await client.closeStatus == CloseStatus(code: .policyViolation), "round \(round)")
        }
    }

    @Test func sendAfterThePeersCloseIsDroppedNotThrown() async throws {
        let (server, client, peer) = try await connectedPair()
        defer { server.stop() }
        peer.send(text: Self.refusal)
        peer.sendClose(code: .policyViolation)
        // The echo proves the client has handled the Close before the send below.
        #expect(await peer.nextClose() == CloseStatus(code: .policyViolation))
        try await client.send(Self.subscription)
        let (messages, error) = try await drain(client)
        #expect(messages == [.text(Self.refusal)])
        #expect(error == nil)
        #expect(await client.closeStatus == CloseStatus(code: .policyViolation))
        #expect(await peer.waitForDisconnect())
        #expect(await peer.nextMessage() == nil)  // the late message never went out
    }
}
