import Foundation
import LacriptaSimulator
import Testing

@testable import LacriptaWebSocket

/// `messageBatches` over real sockets: batching, order, and a consumer slower than the window
/// (the window's arithmetic is `ReceiveWindowTests`).
@Suite struct BatchDeliveryTests {
    /// Text message number `number`: "message N " and 1000 dots.
    private func message(_ number: Int) -> WebSocketMessage {
        WebSocketMessage(kind: .text, payload: Array("message \(number) ".utf8) + Array(repeating: 0x2E, count: 1000))
    }

    /// The messages numbered `range` as text frames the server would write.
    private func frames(_ range: Range<Int>) -> [UInt8] {
        let encoder = FrameEncoder(role: .server)
        return range.flatMap { encoder.encode(Frame(opcode: .text, payload: message($0).payload)) }
    }

    private func client(window: Int) -> NativeWebSocketClient {
        NativeWebSocketClient(
            options: WebSocketClientOptions(
                connectTimeout: .seconds(30), handshakeTimeout: .seconds(30), closeTimeout: .seconds(2), receiveWindow: window))
    }

    /// Reads batches until `count` messages arrived; returns the messages' numbers and how many batches carried them.
    private func collect(_ count: Int, from connection: NativeWebSocketConnection, pause: Bool = false) async throws -> (numbers: [Int], batches: Int)
    {
        try await withTimeout(60) {
            var numbers: [Int] = []
            var batches = 0
            for try await batch in connection.messageBatches {
                batches += 1
                for message in batch {
                    let words = (message.text ?? "").split(separator: " ")
                    numbers.append(words.count > 1 ? Int(words[1]) ?? -1 : -1)
                }
                if numbers.count >= count { break }
                if pause { try await Task.sleep(for: .milliseconds(1)) }
            }
            return (numbers, batches)
        }
    }

    @Test func messagesThatArriveTogetherComeAsOneBatch() async throws {
        let server = try WebSocketServer()
        defer { server.stop() }
        let connection = try await client(window: 1 << 20).open(server.url())
        let peer = try #require(await server.nextConnection())
        peer.sendRaw(frames(0..<40))
        let received = try await collect(40, from: connection)
        #expect(received.numbers == Array(0..<40))
        #expect(received.batches < 40)
        await connection.close(code: .normalClosure)
    }

    @Test func whatArrivedBeforeTheConsumerPickedAStreamGoesToThePickedOne() async throws {
        let server = try WebSocketServer()
        defer { server.stop() }
        let connection = try await client(window: 1 << 20).open(server.url())
        let peer = try #require(await server.nextConnection())
        peer.sendRaw(frames(0..<3))
        peer.sendClose(code: .normalClosure)
        // A bounded poll until the client has read the server's Close, and so the three messages
        // before it, while nobody has asked for a stream yet.
        var polls = 0
        while await connection.closeStatus == nil, polls < 2500 {
            polls += 1
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(await connection.closeStatus?.code == .normalClosure)
        let received = try await collect(3, from: connection)
        #expect(received.numbers == [0, 1, 2])
        #expect(try await streamEnding(connection) == nil)  // `messages` was not picked: it ends empty
        #expect(await connection.closeStatus?.code == .normalClosure)
    }

    @Test func aSlowConsumerWithATinyWindowGetsEverythingAndTheCleanClose() async throws {
        let server = try WebSocketServer()
        defer { server.stop() }
        let connection = try await client(window: 1).open(server.url())
        let peer = try #require(await server.nextConnection())
        for chunk in 0..<5 { peer.sendRaw(frames((chunk * 60)..<(chunk * 60 + 60))) }
        peer.sendClose(code: .normalClosure)
        let received = try await collect(300, from: connection, pause: true)
        #expect(received.numbers == Array(0..<300))
        #expect(try await streamEnding(connection) == nil)
        #expect(await connection.closeStatus?.code == .normalClosure)
    }

    @Test func messagesInTheReadBufferAndFragmentedOrSplitOnesArriveInOrder() async throws {
        let server = try WebSocketServer()
        defer { server.stop() }
        let connection = try await client(window: 1 << 20).open(server.url())
        let peer = try #require(await server.nextConnection())
        let encoder = FrameEncoder(role: .server)
        // Over 32 KiB of whole frames (kept in place), a message in three fragments with a ping
        // between them (copied), whole frames again, then a frame cut in two across writes.
        var first = frames(0..<40)
        let fragmented = message(40).payload
        first += encoder.encode(Frame(fin: false, opcode: .text, payload: Array(fragmented[0..<300])))
        first += encoder.encode(Frame(opcode: .ping, payload: Array("between".utf8)))
        first += encoder.encode(Frame(fin: false, opcode: .continuation, payload: Array(fragmented[300..<700])))
        first += encoder.encode(Frame(opcode: .continuation, payload: Array(fragmented[700...])))
        first += frames(41..<45)
        let split = frames(45..<46)
        first += split[0..<500]
        peer.sendRaw(first)
        // Give the client a moment to read the first part on its own; the outcome must be the
        // same whichever way the bytes get cut into reads.
        try await Task.sleep(for: .milliseconds(20))
        peer.sendRaw(Array(split[500...]) + frames(46..<60))

        let messages = try await withTimeout(60) {
            var messages: [WebSocketMessage] = []
            for try await batch in connection.messageBatches {
                messages += batch
                if messages.count >= 60 { break }
            }
            return messages
        }
        #expect(messages == (0..<60).map(message))
        await connection.close(code: .normalClosure)
    }

    @Test func aBatchTheConsumerHoldsKeepsItsMessagesWhileLaterReadsArrive() async throws {
        let server = try WebSocketServer()
        defer { server.stop() }
        let connection = try await client(window: 1 << 20).open(server.url())
        let peer = try #require(await server.nextConnection())
        peer.sendRaw(frames(0..<40))

        let (held, copies, later) = try await withTimeout(60) {
            var held: WebSocketMessageBatch?
            var copies: [WebSocketMessage] = []
            var later: [WebSocketMessage] = []
            for try await batch in connection.messageBatches {
                if held == nil {
                    held = batch
                    copies = Array(batch)
                    // Everything after this arrives in later reads, while the first batch is held.
                    peer.sendRaw(self.frames(1000..<1400))
                } else {
                    later += batch
                }
                if copies.count + later.count >= 440 { break }
            }
            return (held, copies, later)
        }
        let first = try #require(held)
        #expect(!copies.isEmpty)
        #expect(Array(first) == copies)
        #expect(copies + later == (0..<40).map(message) + (1000..<1400).map(message))
        await connection.close(code: .normalClosure)
    }

    /// `readInterval`: after a read, the connection reads again no sooner than the interval later,
    /// so messages written meanwhile come together, in order, none lost. The one time check is a
    /// lower bound the pause guarantees (a busy machine only makes it later); unpaced, the second
    /// batch comes milliseconds after the first.
    @Test func pacedReadsWaitOutTheIntervalAndLoseNothing() async throws {
        let server = try WebSocketServer()
        defer { server.stop() }
        let interval = Duration.seconds(1)
        let paced = client(window: 1 << 20).pacingReads(every: interval)
        let connection = try #require(try await paced.connect(to: server.url(), headers: []) as? NativeWebSocketConnection)
        let peer = try #require(await server.nextConnection())
        let firstWritten = ContinuousClock.now
        peer.sendRaw(frames(0..<1))

        let (batches, secondArrived) = try await withTimeout(60) {
            var batches: [[WebSocketMessage]] = []
            var secondArrived: ContinuousClock.Instant?
            for try await batch in connection.messageBatches {
                batches.append(Array(batch))
                if batches.count == 2 { secondArrived = ContinuousClock.now }
                if batches.count == 1 {
                    for number in 1..<21 {
                        peer.sendRaw(self.frames(number..<(number + 1)))
                        await Task.yield()
                    }
                    peer.sendClose(code: .normalClosure)
                }
            }
            return (batches, secondArrived)
        }
        #expect(batches.first == [message(0)])
        #expect(batches.joined().map { $0 } == (0..<21).map(message))
        let second = try #require(secondArrived)
        #expect(second - firstWritten >= interval)
        #expect(await connection.closeStatus?.code == .normalClosure)
    }
}
