import Foundation
import LacriptaSimulator
import LacriptaWebSocket
import Testing

@Suite("Streamer faults")
struct StreamerFaultTests {
    /// Connects, reads the welcome and subscribes BTC~USD through the LOADCOMPLETE (4 messages).
    private func subscribed(_ streamer: CryptoCompareStreamer) async throws -> StreamProbe {
        let probe = try await StreamProbe.connect(streamer.url)
        _ = try await probe.nextJSON()
        try await probe.subscribe(["5~CCCAGG~BTC~USD"])
        _ = try await probe.messages(through: "3")
        return probe
    }

    @Test("Drop after N messages: N arrive, then the client's stream throws", arguments: [false, true])
    func dropAfter(midFrame: Bool) async throws {
        try await withStreamer(steeredOptions(faults: .init(dropAfter: 3, dropMidFrame: midFrame))) { streamer in
            let probe = try await StreamProbe.connect(streamer.url)
            _ = try await probe.nextJSON()
            try await probe.subscribe(["5~CCCAGG~BTC~USD"])
            #expect(try await probe.nextJSON()["TYPE"] == .string("5"))
            #expect(try await probe.nextJSON()["TYPE"] == .string("16"))
            guard case .failed? = await probe.next() else {
                Issue.record("expected the stream to throw")
                return
            }
        }
    }

    @Test("Silent after N messages: nothing more arrives, the socket stays open and is listed as silent")
    func silentAfter() async throws {
        try await withStreamer(steeredOptions(faults: .init(silentAfter: 2))) { streamer in
            let probe = try await StreamProbe.connect(streamer.url)
            _ = try await probe.nextJSON()
            try await probe.subscribe(["5~CCCAGG~BTC~USD"])
            #expect(try await probe.nextJSON()["TYPE"] == .string("5"))
            streamer.publishUpdates(3)
            streamer.sendHeartbeat()
            #expect(await probe.next(timeout: .milliseconds(300)) == nil)
            #expect(streamer.connections.map(\.state) == [.silent])
            #expect(streamer.connections.first?.messagesSent == 2)
        }
    }

    @Test("Force disconnect after N messages: the recorded FORCE_DISCONNECT, then a 1008 close")
    func forceDisconnectAfter() async throws {
        try await withStreamer(steeredOptions(faults: .init(forceDisconnectAfter: 1))) { streamer in
            let probe = try await StreamProbe.connect(streamer.url)
            _ = try await probe.nextJSON()
            #expect(try await probe.nextText() == #"{"TYPE":"500", "MESSAGE":"FORCE_DISCONNECT"}"#)
            guard case .finished(let status)? = await probe.next() else {
                Issue.record("expected a clean close")
                return
            }
            #expect(status?.code == .policyViolation)
        }
    }

    @Test("Fragmented messages with pings between fragments still arrive whole")
    func fragmented() async throws {
        try await withStreamer(steeredOptions(faults: .init(fragmentSize: 7, pingBetweenFragments: true))) { streamer in
            let probe = try await subscribed(streamer)
            streamer.publishUpdates(5)
            for _ in 0..<5 {
                let update = try await probe.nextJSON()
                #expect(update["TYPE"] == .string("5") && update["LASTUPDATE"] != nil)
            }
            await probe.close()
        }
    }

    @Test("Server pings on an interval are answered without disturbing messages")
    func serverPings() async throws {
        var options = steeredOptions()
        options.pingInterval = .milliseconds(20)
        options.heartbeatInterval = .milliseconds(200)
        try await withStreamer(options) { streamer in
            let probe = try await subscribed(streamer)
            #expect(try await probe.nextJSON()["TYPE"] == .string("999"))
            await probe.close()
        }
    }

    @Test("Controls: push exact text, then drop at a chosen moment; the client's stream throws")
    func controlledDrop() async throws {
        try await withStreamer { streamer in
            let probe = try await subscribed(streamer)
            let id = try #require(streamer.connections.first?.id)
            #expect(streamer.subscriptions(of: id) == ["5~CCCAGG~BTC~USD"])
            streamer.push(#"{"TYPE":"999","MESSAGE":"HEARTBEAT","TIMEMS":1}"#, to: id)
            #expect(try await probe.nextText() == #"{"TYPE":"999","MESSAGE":"HEARTBEAT","TIMEMS":1}"#)
            #expect(streamer.messagesSent == 5)
            streamer.dropConnections(id, midFrame: true)
            guard case .failed? = await probe.next() else {
                Issue.record("expected the stream to throw")
                return
            }
            #expect(await streamer.waitForConnections { $0.isEmpty })
            #expect(streamer.messagesSent == 5)
        }
    }

    @Test("Controls: FORCE_DISCONNECT and silence on demand")
    func controlledForceAndSilence() async throws {
        try await withStreamer { streamer in
            let quiet = try await subscribed(streamer)
            let forced = try await subscribed(streamer)
            let ids = streamer.connections.map(\.id)
            streamer.goSilent(ids[0])
            streamer.forceDisconnect(ids[1])
            #expect(try await forced.nextJSON()["MESSAGE"] == .string("FORCE_DISCONNECT"))
            if case .finished? = await forced.next() {} else { Issue.record("expected a close") }
            streamer.publishUpdates(2)
            #expect(await quiet.next(timeout: .milliseconds(300)) == nil)
            #expect(streamer.connections.first?.state == .silent)
        }
    }
}

extension StreamProbe.Event: Equatable {
    /// Tests compare events only to nil; this makes `== nil` read naturally.
    static func == (lhs: StreamProbe.Event, rhs: StreamProbe.Event) -> Bool {
        switch (lhs, rhs) {
        case (.message(let a), .message(let b)): a == b
        case (.finished(let a), .finished(let b)): a == b
        case (.failed(let a), .failed(let b)): a == b
        default: false
        }
    }
}
