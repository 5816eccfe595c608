import Testing

@testable import LacriptaWebSocket

/// Each way a server can break the framing rules fails with the close code Autobahn expects.
@Suite struct ProtocolViolationTests {
    @Test(arguments: [
        ("RSV1 set", hex("C1 00"), ProtocolViolation.reservedBitsSet),
        ("RSV2 set", hex("A1 00"), .reservedBitsSet),
        ("RSV3 on a ping", hex("99 00"), .reservedBitsSet),
        ("opcode 3", hex("83 00"), .reservedOpcode),
        ("opcode 0xB", hex("8B 00"), .reservedOpcode),
        ("masked server frame", hex("81 85 37 fa 21 3d 7f 9f 4d 51 58"), .maskedFrameFromServer),
        ("fragmented ping", hex("09 00"), .fragmentedControlFrame),
        ("126-byte ping", hex("89 7E 00 7E") + [UInt8](repeating: 0, count: 126), .controlFrameTooLong),
        ("64-bit length with MSB set", hex("82 7F 80 00 00 00 00 00 00 01"), .invalidLength),
    ])
    func framingViolationsAreProtocolErrors(name: String, bytes: [UInt8], expected: ProtocolViolation) {
        #expect(decoderViolation(bytes) == expected, "\(name)")
        #expect(expected.closeCode == .protocolError)
    }

    @Test func frameAboveTheLimitFailsWith1009BeforeThePayloadArrives() throws {
        var decoder = FrameDecoder(role: .client, maxFrameSize: 1000)
        var header = hex("82 7E 03 E9")[...]  // announces 1001 bytes, sends none of them
        #expect(throws: ProtocolViolation.messageTooBig) { try decoder.next(&header) }
        #expect(ProtocolViolation.messageTooBig.closeCode == .messageTooBig)
        var more = hex("81 00")[...]
        #expect(throws: ProtocolViolation.messageTooBig) { try decoder.next(&more) }
    }

    @Test func unmaskedClientFrameIsRejectedByTheServerDecoder() {
        #expect(decoderViolation(hex("81 05 48 65 6c 6c 6f"), role: .server) == .unmaskedFrameFromClient)
    }

    @Test func headerSplitAcrossReadsIsStillValidated() throws {
        var decoder = FrameDecoder(role: .client)
        var first = hex("C1")[...]
        #expect(try decoder.next(&first) == .needMoreData)
        var second = hex("00")[...]
        #expect(throws: ProtocolViolation.reservedBitsSet) { try decoder.next(&second) }
    }

    @Test(arguments: [
        (ProtocolViolation.invalidUTF8, CloseCode.invalidFramePayloadData),
        (.invalidCloseReason, .invalidFramePayloadData),
        (.messageTooBig, .messageTooBig),
        (.unexpectedContinuation, .protocolError),
        (.expectedContinuation, .protocolError),
        (.closePayloadTooShort, .protocolError),
        (.invalidCloseCode, .protocolError),
    ])
    func violationsMapToTheirCloseCodes(violation: ProtocolViolation, code: CloseCode) {
        #expect(violation.closeCode == code)
    }

    @Test func closeCodesValidOnTheWire() {
        let valid: [UInt16] = [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 3000, 3999, 4000, 4999]
        let invalid: [UInt16] = [0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535]
        #expect(valid.allSatisfy { CloseCode($0).isValidOnWire })
        #expect(invalid.allSatisfy { !CloseCode($0).isValidOnWire })
    }

    @Test func closePayloadParsing() throws {
        #expect(try CloseStatus.parse(closePayload: []) == nil)
        #expect(try CloseStatus.parse(closePayload: [0x03, 0xE8]) == CloseStatus(code: .normalClosure))
        #expect(try CloseStatus.parse(closePayload: [0x0F, 0xA0] + Array("bye".utf8)) == CloseStatus(code: CloseCode(4000), reason: "bye"))
        #expect(throws: ProtocolViolation.closePayloadTooShort) { try CloseStatus.parse(closePayload: [0x03]) }
        #expect(throws: ProtocolViolation.invalidCloseCode) { try CloseStatus.parse(closePayload: [0x03, 0xED]) }
        #expect(throws: ProtocolViolation.invalidCloseReason) { try CloseStatus.parse(closePayload: [0x03, 0xE8, 0xCE, 0xBA, 0xE1]) }
    }
}
