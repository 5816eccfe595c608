import Foundation
import LacriptaNetServer
import LacriptaSimulator
import LacriptaWebSocket
import Testing

/// The native client over real sockets against the fake server on 127.0.0.1.
@Suite struct NativeClientTests {
    @Test func echoesTextAndBinary() async throws {
        let (server, client, _) = try await connectedPair(behavior: .init(echoMessages: true))
        defer { server.stop() }
        try await client.send(.text("hello ünïcode"))
        #expect(try await nextMessage(client) == .text("hello ünïcode"))
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0) }
        try await client.send(.binary(bytes))
        #expect(try await nextMessage(client) == .binary(bytes))
        await client.close(code: .normalClosure)
    }

    /// Whether this machine has an IPv6 loopback to test on (some CI containers do not).
    static let hasIPv6Loopback = (try? TCPListener(host: "::1", port: 0)) != nil

    @Test(.enabled(if: hasIPv6Loopback, "needs an IPv6 loopback"))
    func connectsOverIPv6() async throws {
        let server = try WebSocketServer(host: "::1", behavior: .init(echoMessages: true))
        defer { server.stop() }
        let client = try await testClient().open(server.url())  // ws://[::1]:port/
        try await client.send(.text("v6"))
        #expect(try await nextMessage(client) == .text("v6"))
        await client.close(code: .normalClosure)
    }

    @Test func clientMasksWhatItSends() async throws {
        let (server, client, peer) = try await connectedPair()
        defer { server.stop() }
        try await client.send(.text("masked"))
        // The server decoder rejects unmasked frames, so receiving it proves the mask bit was set.
        #expect(await peer.nextMessage() == .text("masked"))
        await client.close(code: .normalClosure)
    }

    @Test func pathAndQueryReachTheServer() async throws {
        let (server, client, peer) = try await connectedPair(path: "/v2?api_key=abc&x=%20y")
        defer { server.stop() }
        #expect(peer.requestTarget == "/v2?api_key=abc&x=%20y")
        #expect(peer.requestHeaders.contains { $0.name == "Host" && $0.value == "127.0.0.1:\(server.port)" })
        #expect(!peer.requestHeaders.contains { $0.name.lowercased() == "sec-websocket-extensions" })
        await client.close(code: .normalClosure)
    }

    @Test func reassemblesFragmentedMessagesWithPingsBetween() async throws {
        let (server, client, peer) = try await connectedPair()
        defer { server.stop() }
        let text = String(repeating: "€uro ", count: 300)
        peer.send(.text(text), fragmentSize: 7, pingBetweenFragments: true)
        #expect(try await nextMessage(client) == .text(text))
        let pong = await peer.nextFrame()
        #expect(pong?.opcode == .pong && pong?.payload == Array("ping 0".utf8))
        await client.close(code: .normalClosure)
    }

    @Test func pingIsAnsweredWithPong() async throws {
        let (server, client, peer) = try await connectedPair()
        defer { server.stop() }
        peer.sendPing([1, 2, 3])
        let frame = await peer.nextFrame()
        #expect(frame == Frame(opcode: .pong, payload: [1, 2, 3]))
        await client.close(code: .normalClosure)
    }

    @Test func serverCloseEndsTheStreamCleanlyWithItsCode() async throws {
        let (server, client, peer) = try await connectedPair()
        defer { server.stop() }
        peer.send(text: "last")
        peer.sendClose(code: CloseCode(4001), reason: "maintenance")
        #expect(try await nextMessage(client) == .text("last"))
        #expect(try await streamEnding(client) == nil)
        #expect(await client.closeStatus == CloseStatus(code: CloseCode(4001), reason: "maintenance"))
        #expect(await peer.nextClose() == CloseStatus(code: CloseCode(4001)))  // the echo
        #expect(await peer.waitForDisconnect())
    }

    @Test func clientCloseCompletesTheHandshake() async throws {
        let (server, client, peer) = try await connectedPair()
        defer { server.stop() }
        try await withTimeout { await client.close(code: .normalClosure) }
        #expect(await peer.nextClose() == CloseStatus(code: .normalClosure))
        #expect(await peer.waitForDisconnect())
        #expect(try await streamEnding(client) == nil)
        #expect(await client.closeStatus == CloseStatus(code: .normalClosure))
        await #expect(throws: WebSocketError(.notOpen)) { try await client.send(.text("late")) }
    }

    @Test func abruptLossMidFrameThrows() async throws {
        let (server, client, peer) = try await connectedPair()
        defer { server.stop() }
        peer.dropConnection(midFrame: true)
        let error = try #require(try await streamEnding(client))
        #expect(error.kind == .connectionLost)
        #expect(error.closeCode == .abnormalClosure)
    }

    @Test func oversizedMessageFailsWith1009() async throws {
        let (server, client, peer) = try await connectedPair(maxMessageSize: 1024)
        defer { server.stop() }
        peer.sendOversizedMessage(byteCount: 1025)
        #expect(try await streamEnding(client)?.kind == .protocolViolation(.messageTooBig))
        #expect(await peer.nextClose() == CloseStatus(code: .messageTooBig))
    }

    @Test func invalidUTF8FailsWith1007() async throws {
        let (server, client, peer) = try await connectedPair()
        defer { server.stop() }
        peer.sendInvalidUTF8Text()
        let error = try #require(try await streamEnding(client))
        #expect(error.kind == .protocolViolation(.invalidUTF8))
        #expect(error.closeCode == .invalidFramePayloadData)
        #expect(await peer.nextClose() == CloseStatus(code: .invalidFramePayloadData))
    }

    @Test(arguments: [
        ("masked frame", [0x81, 0x82, 1, 2, 3, 4, 0x41, 0x41] as [UInt8], ProtocolViolation.maskedFrameFromServer),
        ("RSV1", [0xC1, 0x00], .reservedBitsSet),
        ("opcode 3", [0x83, 0x00], .reservedOpcode),
        ("1-byte close", [0x88, 0x01, 0x03], .closePayloadTooShort),
    ])
    func serverViolationsFailWith1002(name: String, bytes: [UInt8], violation: ProtocolViolation) async throws {
        let (server, client, peer) = try await connectedPair()
        defer { server.stop() }
        peer.sendRaw(bytes)
        #expect(try await streamEnding(client)?.kind == .protocolViolation(violation), "\(name)")
        #expect(await peer.nextClose() == CloseStatus(code: .protocolError), "\(name)")
    }

    /// Autobahn 4.2.x: a text message, then a frame with a reserved opcode. The message arrived
    /// whole before the violation, so the consumer gets it before the stream ends with the error;
    /// whether the two come in one read, or byte by byte as the fuzzing server writes them.
    @Test(arguments: [false, true])
    func aMessageBeforeAViolationIsDelivered(byteByByte: Bool) async throws {
        let (server, client, peer) = try await connectedPair()
        defer { server.stop() }
        let text = FrameEncoder(role: .server).encode(Frame(opcode: .text, payload: Array("Hello, world!".utf8)))
        let bytes = text + [0x8F, 0x02, 0x48, 0x69]
        if byteByByte {
            for byte in bytes { peer.sendRaw([byte]) }
        } else {
            peer.sendRaw(bytes)
        }
        let (received, ending) = try await drain(client)
        #expect(received == [.text("Hello, world!")])
        #expect(ending?.kind == .protocolViolation(.reservedOpcode))
        #expect(await peer.nextClose() == CloseStatus(code: .protocolError))
    }

    @Test func bytesAfterTheHandshakeAreKept() async throws {
        let frames = FrameEncoder(role: .server).encode(Frame(opcode: .text, payload: Array("early".utf8)))
        let behavior = WebSocketServer.Behavior(upgrade: .raw { Handshake.switchingProtocolsResponse(forKey: $0) + frames })
        let (server, client, _) = try await connectedPair(behavior: behavior)
        defer { server.stop() }
        #expect(try await nextMessage(client) == .text("early"))
        await client.close(code: .normalClosure)
    }

    @Test func cancellingTheConsumerClosesWith1001() async throws {
        let (server, client, peer) = try await connectedPair()
        defer { server.stop() }
        let consumer = Task { for try await _ in client.messages {} }
        consumer.cancel()
        #expect(await peer.nextClose() == CloseStatus(code: .goingAway))
        #expect(await peer.waitForDisconnect())
    }
}

/// What the client does when the server stops cooperating.
@Suite struct UnresponsiveServerTests {
    @Test func closeIsBoundedWhenTheServerNeverAnswers() async throws {
        let server = try WebSocketServer()
        defer { server.stop() }
        let client = try await NativeWebSocketClient(options: .init(closeTimeout: .milliseconds(200))).open(server.url())
        let peer = try #require(await server.nextConnection())
        peer.goSilent()
        peer.send(text: "still sending")  // silence stops automatic replies, not explicit sends
        #expect(try await nextMessage(client) == .text("still sending"))
        peer.sendPing([7])
        #expect(await peer.nextFrame() == Frame(opcode: .pong, payload: [7]))
        try await withTimeout { await client.close(code: .normalClosure) }
        #expect(await peer.nextClose() == CloseStatus(code: .normalClosure))
        #expect(try await streamEnding(client) == nil)
        #expect(await client.closeStatus == CloseStatus(code: .abnormalClosure))  // no reply ever came
        #expect(await peer.waitForDisconnect())
    }
}
