import LacriptaTestSupport
import Testing

@testable import LacriptaWebSocket

/// RFC 6455 §5.7 examples and length forms, byte for byte, in both directions.
@Suite struct FrameCodecTests {
    static let helloUnmasked = hex("81 05 48 65 6c 6c 6f")
    static let helloMasked = hex("81 85 37 fa 21 3d 7f 9f 4d 51 58")
    static let fragmentedHello = hex("01 03 48 65 6c 80 02 6c 6f")
    static let ping = hex("89 05 48 65 6c 6c 6f")
    static let pongMasked = hex("8a 85 37 fa 21 3d 7f 9f 4d 51 58")

    @Test func decodesUnmaskedSingleFrameText() throws {
        let frames = try decodeAll(Self.helloUnmasked)
        #expect(frames == [Frame(opcode: .text, payload: Array("Hello".utf8))])
    }

    @Test func serverDecoderUnmasksMaskedText() throws {
        let frames = try decodeAll(Self.helloMasked, role: .server)
        #expect(frames == [Frame(opcode: .text, payload: Array("Hello".utf8))])
    }

    @Test func encodesMaskedTextExactlyLikeTheRFC() {
        var bytes: [UInt8] = []
        FrameEncoder.encode(
            Frame(opcode: .text, payload: Array("Hello".utf8)), maskingKey: MaskingKey(0x37, 0xFA, 0x21, 0x3D), into: &bytes)
        #expect(bytes == Self.helloMasked)
        var pong: [UInt8] = []
        FrameEncoder.encode(Frame(opcode: .pong, payload: Array("Hello".utf8)), maskingKey: MaskingKey(0x37, 0xFA, 0x21, 0x3D), into: &pong)
        #expect(pong == Self.pongMasked)
    }

    @Test func serverEncoderSendsUnmaskedFrames() {
        let encoder = FrameEncoder(role: .server)
        #expect(encoder.encode(Frame(opcode: .text, payload: Array("Hello".utf8))) == Self.helloUnmasked)
        #expect(encoder.encode(Frame(opcode: .ping, payload: Array("Hello".utf8))) == Self.ping)
        var fragments = encoder.encode(Frame(fin: false, opcode: .text, payload: Array("Hel".utf8)))
        fragments += encoder.encode(Frame(opcode: .continuation, payload: Array("lo".utf8)))
        #expect(fragments == Self.fragmentedHello)
    }

    @Test func decodesFragmentsAndPing() throws {
        let frames = try decodeAll(Self.fragmentedHello + Self.ping)
        #expect(frames.map(\.opcode) == [.text, .continuation, .ping])
        #expect(frames.map(\.fin) == [false, true, true])
        #expect(frames[2].payload == Array("Hello".utf8))
    }

    @Test func sixteenBitLengthFromTheRFC() throws {
        let payload = (0..<256).map { UInt8(truncatingIfNeeded: $0) }
        let wire = hex("82 7E 01 00") + payload
        #expect(FrameEncoder(role: .server).encode(Frame(opcode: .binary, payload: payload)) == wire)
        #expect(try decodeAll(wire) == [Frame(opcode: .binary, payload: payload)])
    }

    @Test func sixtyFourBitLengthFromTheRFC() throws {
        let payload = [UInt8](repeating: 0xAB, count: 65536)
        let wire = hex("82 7F 00 00 00 00 00 01 00 00") + payload
        #expect(FrameEncoder(role: .server).encode(Frame(opcode: .binary, payload: payload)) == wire)
        #expect(try decodeAll(wire, chunks: [3, 7, 1000]) == [Frame(opcode: .binary, payload: payload)])
    }

    @Test(arguments: [(0, 2), (125, 2), (126, 4), (65535, 4), (65536, 10)])
    func encoderPicksTheShortestLengthForm(count: Int, headerSize: Int) throws {
        let frame = Frame(opcode: .binary, payload: [UInt8](repeating: 7, count: count))
        var generator = SeededRandom(seed: 1)
        var masked: [UInt8] = []
        FrameEncoder(role: .client).encode(frame, into: &masked, using: &generator)
        #expect(masked.count == count + headerSize + 4)
        #expect(masked[1] & 0x80 == 0x80)
        #expect(try decodeAll(masked, role: .server) == [frame])
        #expect(FrameEncoder(role: .server).encode(frame).count == count + headerSize)
    }

    @Test func clientMasksEveryFrameWithAFreshKey() {
        var generator = SeededRandom(seed: 42)
        let encoder = FrameEncoder(role: .client)
        var first: [UInt8] = []
        var second: [UInt8] = []
        let frame = Frame(opcode: .text, payload: Array("Hello".utf8))
        encoder.encode(frame, into: &first, using: &generator)
        encoder.encode(frame, into: &second, using: &generator)
        #expect(first[1] == 0x85 && second[1] == 0x85)
        #expect(first[2..<6] != second[2..<6])
        #expect(Array(first[6...]) != Array("Hello".utf8))
    }

    @Test func everySplitOffsetGivesTheSameFrames() throws {
        let longPayload = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let stream =
            Self.helloUnmasked + Self.fragmentedHello + Self.ping
            + FrameEncoder(role: .server).encode(Frame(opcode: .binary, payload: longPayload))
            + FrameEncoder(role: .server).encode(Frame(opcode: .close, payload: [0x03, 0xE8]))
        let expected = try decodeAll(stream)
        #expect(expected.count == 6)
        for split in 0...stream.count {
            #expect(try decodeAll(stream, chunks: [split]) == expected, "split at \(split)")
        }
        #expect(try decodeAll(stream, chunks: Array(repeating: 1, count: stream.count)) == expected)
    }

    @Test func everySplitOffsetOfMaskedFramesUnmasksCorrectly() throws {
        var generator = SeededRandom(seed: 7)
        var stream: [UInt8] = []
        let payloads = [Array("Hello".utf8), (0..<200).map { UInt8(truncatingIfNeeded: $0) }, []]
        for payload in payloads {
            FrameEncoder(role: .client).encode(Frame(opcode: .binary, payload: payload), into: &stream, using: &generator)
        }
        for split in 0...stream.count {
            let frames = try decodeAll(stream, chunks: [split], role: .server)
            #expect(frames.map(\.payload) == payloads, "split at \(split)")
        }
        let byteByByte = try decodeAll(stream, chunks: Array(repeating: 1, count: stream.count), role: .server)
        #expect(byteByByte.map(\.payload) == payloads)
    }

    @Test func maskingMatchesAPlainXORAtEveryPhaseAndLength() {
        let key = MaskingKey(0x12, 0x34, 0x56, 0x78)
        for phase in 0..<4 {
            for count in 0..<40 {
                var bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
                let expected = bytes.enumerated().map { $0.element ^ key.bytes[($0.offset + phase) % 4] }
                bytes.withUnsafeMutableBytes { key.apply(to: $0, phase: phase) }
                #expect(bytes == expected)
            }
        }
    }

    @Test func closeFrameReasonIsCutAtTheControlFrameLimitOnACharacterBoundary() {
        let frame = Frame.close(code: .goingAway, reason: String(repeating: "é", count: 100))
        #expect(frame.payload.count == 124)  // 61 two-byte characters fit in 123 bytes
        #expect(UTF8Validator.isValid(Array(frame.payload[2...])))
        #expect(frame.payload[0...1] == [0x03, 0xE9])
    }
}
