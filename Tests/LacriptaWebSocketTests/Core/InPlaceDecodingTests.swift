import LacriptaTestSupport
import Testing

@testable import LacriptaWebSocket

/// The receive hot path: whole data frames reported in place must mean exactly what the copying
/// path means, and the state machine must judge them by the same rules.
@Suite struct InPlaceDecodingTests {
    /// Decodes `bytes` in chunks with `nextInPlace`, materializing in-place frames.
    private func decodeInPlace(_ bytes: [UInt8], chunks: [Int], role: WebSocketRole = .client) throws -> (frames: [Frame], inPlace: Int) {
        var decoder = FrameDecoder(role: role)
        var frames: [Frame] = []
        var inPlace = 0
        var offset = 0
        var sizes = chunks
        while offset < bytes.count {
            let size = sizes.isEmpty ? bytes.count - offset : min(sizes.removeFirst(), bytes.count - offset)
            var slice = bytes[offset..<(offset + size)]
            let whole = slice
            offset += size
            reading: while true {
                switch try decoder.nextInPlace(&slice) {
                case .needMoreData: break reading
                case .frame(let frame): frames.append(frame)
                case .inPlace(let opcode, let range):
                    inPlace += 1
                    frames.append(Frame(opcode: opcode, payload: Array(whole[range])))
                }
            }
            #expect(slice.isEmpty)
        }
        return (frames, inPlace)
    }

    static let stream: [UInt8] = {
        let encoder = FrameEncoder(role: .server)
        var bytes = encoder.encode(Frame(opcode: .text, payload: Array("Hello".utf8)))
        bytes += encoder.encode(Frame(fin: false, opcode: .text, payload: Array("Hel".utf8)))
        bytes += encoder.encode(Frame(opcode: .ping, payload: Array("p".utf8)))
        bytes += encoder.encode(Frame(opcode: .continuation, payload: Array("lo".utf8)))
        bytes += encoder.encode(Frame(opcode: .binary, payload: (0..<300).map { UInt8(truncatingIfNeeded: $0) }))
        bytes += encoder.encode(Frame(opcode: .text, payload: []))
        bytes += encoder.encode(Frame(opcode: .close, payload: [0x03, 0xE8]))
        return bytes
    }()

    @Test func everySplitOffsetGivesTheFramesOfTheCopyingDecoder() throws {
        let expected = try decodeAll(Self.stream)
        #expect(expected.count == 7)
        for split in 0...Self.stream.count {
            #expect(try decodeInPlace(Self.stream, chunks: [split]).frames == expected, "split at \(split)")
        }
        #expect(try decodeInPlace(Self.stream, chunks: Array(repeating: 1, count: Self.stream.count)).frames == expected)
    }

    @Test func wholeUnfragmentedDataFramesAreNotCopied() throws {
        // Hello, the 300-byte binary and the empty text; never fragments, pings or the close.
        #expect(try decodeInPlace(Self.stream, chunks: []).inPlace == 3)
        // Byte by byte no frame is ever whole in one read.
        #expect(try decodeInPlace(Self.stream, chunks: Array(repeating: 1, count: Self.stream.count)).inPlace == 0)
    }

    @Test func maskedFramesAreUnmaskedAndNeverInPlace() throws {
        var generator = SeededRandom(seed: 3)
        var bytes: [UInt8] = []
        FrameEncoder(role: .client).encode(Frame(opcode: .text, payload: Array("masked".utf8)), into: &bytes, using: &generator)
        let decoded = try decodeInPlace(bytes, chunks: [], role: .server)
        #expect(decoded.frames == [Frame(opcode: .text, payload: Array("masked".utf8))])
        #expect(decoded.inPlace == 0)
    }

    @Test func framesAroundEveryLengthBoundaryAreFoundInPlaceAsTheCopyingDecoderReadsThem() throws {
        // 7-bit, 16-bit and 64-bit lengths: the common headers take a shortcut, the rest the parser.
        let encoder = FrameEncoder(role: .server)
        for length in [0, 1, 125, 126, 127, 65535, 65536] {
            for opcode in [Opcode.text, .binary] {
                let payload = [UInt8](repeating: 0x61, count: length)
                let bytes = encoder.encode(Frame(opcode: opcode, payload: payload)) + encoder.encode(Frame(opcode: .binary, payload: [7]))
                let decoded = try decodeInPlace(bytes, chunks: [])
                #expect(decoded.frames == [Frame(opcode: opcode, payload: payload), Frame(opcode: .binary, payload: [7])], "\(length)")
                #expect(decoded.inPlace == 2, "\(length)")
                // The first read one byte short of the first frame: the same frames, copied.
                let split = try decodeInPlace(bytes, chunks: [bytes.count - 4])
                #expect(split.frames == decoded.frames, "\(length)")
                #expect(split.inPlace == 1, "\(length)")
            }
        }
    }

    @Test func theCommonHeaderShortcutStillEnforcesEveryRule() {
        var bounded = FrameDecoder(role: .client, maxFrameSize: 126)
        var slice = (hex("81 7E 00 7E") + [UInt8](repeating: 0x61, count: 126))[...]
        #expect(throws: Never.self) { _ = try bounded.nextInPlace(&slice) }
        #expect(slice.isEmpty)
        #expect(violation(&bounded, hex("81 7E 00 7F") + [UInt8](repeating: 0x61, count: 127)) == .messageTooBig)
        var client = FrameDecoder(role: .client)
        #expect(violation(&client, hex("81 81 01 02 03 04 61")) == .maskedFrameFromServer)
        var server = FrameDecoder(role: .server)
        #expect(violation(&server, hex("81 01 61")) == .unmaskedFrameFromClient)
    }

    /// The violation `nextInPlace` throws for `bytes`, if any.
    private func violation(_ decoder: inout FrameDecoder, _ bytes: [UInt8]) -> ProtocolViolation? {
        var slice = bytes[...]
        do {
            _ = try decoder.nextInPlace(&slice)
            return nil
        } catch {
            return error
        }
    }

    @Test func headerViolationsAreThrownOnTheInPlacePathToo() {
        var decoder = FrameDecoder(role: .client)
        #expect(violation(&decoder, hex("C1 00")) == .reservedBitsSet)  // RSV1 set
        #expect(violation(&decoder, hex("81 00")) == .reservedBitsSet)  // and the decoder stays failed
        var small = FrameDecoder(role: .client, maxFrameSize: 4)
        #expect(violation(&small, hex("82 05 01 02 03 04 05")) == .messageTooBig)
    }

    /// The verdict of `receiveInPlace` next to what `receive` does with the same frame.
    private func bothWays(
        _ kind: WebSocketMessage.Kind, _ payload: [UInt8], prepare: (inout ConnectionStateMachine) -> Void = { _ in }
    ) -> (inPlace: ConnectionStateMachine.InPlaceVerdict, copied: ConnectionStateMachine.Reaction) {
        var first = ConnectionStateMachine(maxMessageSize: 8)
        var second = ConnectionStateMachine(maxMessageSize: 8)
        prepare(&first)
        prepare(&second)
        let verdict = payload.withUnsafeBytes { first.receiveInPlace(kind, payload: $0) }
        let reaction = second.receive(Frame(opcode: kind == .text ? .text : .binary, payload: payload))
        #expect(first.state == second.state)
        return (verdict, reaction)
    }

    @Test func inPlaceVerdictsMatchTheCopyingPath() {
        let valid = bothWays(.text, Array("ok".utf8))
        #expect(valid.inPlace == .deliver(.text))
        #expect(valid.copied.message == .text("ok"))

        let invalid = bothWays(.text, [0x6F, 0xFF])
        #expect(invalid.inPlace == .react(invalid.copied))
        #expect(invalid.copied.outcome == .failed(.invalidUTF8))

        let binary = bothWays(.binary, [0xFF])
        #expect(binary.inPlace == .deliver(.binary))

        let tooBig = bothWays(.binary, Array(repeating: 1, count: 9))
        #expect(tooBig.inPlace == .react(tooBig.copied))
        #expect(tooBig.copied.outcome == .failed(.messageTooBig))

        let midFragment = bothWays(.text, Array("x".utf8)) { machine in
            _ = machine.receive(Frame(fin: false, opcode: .text, payload: Array("a".utf8)))
        }
        #expect(midFragment.inPlace == .react(midFragment.copied))
        #expect(midFragment.copied.outcome == .failed(.expectedContinuation))

        let closing = bothWays(.text, Array("late".utf8)) { machine in _ = machine.requestClose(code: .normalClosure) }
        #expect(closing.inPlace == .react(ConnectionStateMachine.Reaction()))
        #expect(closing.copied == ConnectionStateMachine.Reaction())
    }

    @Test func batchesKeepMessagesInOrderInOneBuffer() {
        var batch = WebSocketMessageBatch()
        batch.append(.text("first"))
        Array("second".utf8).withUnsafeBytes { batch.append(kind: .binary, payload: $0) }
        batch.append(.text(""))
        #expect(Array(batch) == [.text("first"), .binary(Array("second".utf8)), .text("")])
        #expect(batch.withUnsafePayloads { Array($0) } == Array("firstsecond".utf8))  // appended: back to back
        #expect(batch.payloadRange(at: 1) == 5..<11)
        #expect(batch.kind(at: 1) == .binary)
        #expect(WebSocketMessageBatch(Array(batch)) == batch)
    }

    @Test func theReceiveWindowPausesWhenFullAndWakesAtHalf() {
        var window = ReceiveWindow(limit: 100)
        var may = window.mayRead()
        #expect(may)
        window.delivered(60)
        may = window.mayRead()
        #expect(may)
        window.delivered(60)
        may = window.mayRead()
        #expect(!may)
        var wake = window.taken(10)
        #expect(!wake)  // 110 left: still full
        wake = window.taken(60)
        #expect(wake)  // 50 left: the paused reader must be woken
        may = window.mayRead()
        #expect(may)
        window.delivered(200)
        wake = window.taken(50)
        #expect(!wake)  // not marked paused (mayRead not asked since): nobody to wake
    }
}
