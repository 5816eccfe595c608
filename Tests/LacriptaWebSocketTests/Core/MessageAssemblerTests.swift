import Testing

@testable import LacriptaWebSocket

/// Fragment reassembly, interleaved control frames, UTF-8 across fragments and the size limit.
@Suite struct MessageAssemblerTests {
    @Test func reassemblesFragmentsWithAPingInBetween() throws {
        var assembler = MessageAssembler()
        #expect(try assembler.push(Frame(fin: false, opcode: .text, payload: Array("Hel".utf8))) == .pending)
        let ping = Frame(opcode: .ping, payload: [1, 2])
        #expect(try assembler.push(ping) == .control(ping))
        // The ping left the message open: a continuation is still welcome.
        #expect(try assembler.push(Frame(fin: false, opcode: .continuation, payload: Array("l".utf8))) == .pending)
        #expect(try assembler.push(Frame(opcode: .continuation, payload: Array("o".utf8))) == .message(.text("Hello")))
        // The final fragment closed it: a new message is taken whole, a stray continuation is not.
        #expect(try assembler.push(Frame(opcode: .text, payload: Array("next".utf8))) == .message(.text("next")))
        #expect(throws: ProtocolViolation.unexpectedContinuation) {
            try assembler.push(Frame(opcode: .continuation, payload: [1]))
        }
    }

    @Test func codePointSplitAcrossFragmentsIsValid() throws {
        var assembler = MessageAssembler()
        let euro: [UInt8] = [0xE2, 0x82, 0xAC]
        _ = try assembler.push(Frame(fin: false, opcode: .text, payload: [0x41, euro[0]]))
        _ = try assembler.push(Frame(fin: false, opcode: .continuation, payload: [euro[1]]))
        #expect(try assembler.push(Frame(opcode: .continuation, payload: [euro[2]])) == .message(.text("A€")))
    }

    @Test func invalidByteFailsInTheFragmentWhereItAppears() throws {
        var assembler = MessageAssembler()
        _ = try assembler.push(Frame(fin: false, opcode: .text, payload: [0xCE, 0xBA]))
        #expect(throws: ProtocolViolation.invalidUTF8) {
            try assembler.push(Frame(fin: false, opcode: .continuation, payload: [0xED, 0xA0, 0x80]))  // surrogate
        }
    }

    @Test func messageEndingInsideACodePointIsInvalid() throws {
        var assembler = MessageAssembler()
        _ = try assembler.push(Frame(fin: false, opcode: .text, payload: [0x41]))
        #expect(throws: ProtocolViolation.invalidUTF8) {
            try assembler.push(Frame(opcode: .continuation, payload: [0xE2, 0x82]))
        }
        var single = MessageAssembler()
        #expect(throws: ProtocolViolation.invalidUTF8) { try single.push(Frame(opcode: .text, payload: [0xF0, 0x9F])) }
    }

    @Test func binaryIsNotValidatedAsText() throws {
        var assembler = MessageAssembler()
        #expect(try assembler.push(Frame(opcode: .binary, payload: [0xFF, 0xFE])) == .message(.binary([0xFF, 0xFE])))
    }

    @Test func continuationWithoutAnOpenMessageIsAViolation() {
        var assembler = MessageAssembler()
        #expect(throws: ProtocolViolation.unexpectedContinuation) {
            try assembler.push(Frame(opcode: .continuation, payload: [1]))
        }
    }

    @Test func newMessageWhileOneIsOpenIsAViolation() throws {
        var assembler = MessageAssembler()
        _ = try assembler.push(Frame(fin: false, opcode: .binary, payload: [1]))
        #expect(throws: ProtocolViolation.expectedContinuation) {
            try assembler.push(Frame(opcode: .text, payload: Array("x".utf8)))
        }
    }

    @Test func accumulatedSizeAboveTheLimitIsTooBig() throws {
        var assembler = MessageAssembler(maxMessageSize: 10)
        _ = try assembler.push(Frame(fin: false, opcode: .binary, payload: [UInt8](repeating: 0, count: 6)))
        #expect(throws: ProtocolViolation.messageTooBig) {
            try assembler.push(Frame(opcode: .continuation, payload: [UInt8](repeating: 0, count: 5)))
        }
        var exact = MessageAssembler(maxMessageSize: 10)
        _ = try exact.push(Frame(fin: false, opcode: .binary, payload: [UInt8](repeating: 0, count: 6)))
        #expect(try exact.push(Frame(opcode: .continuation, payload: [UInt8](repeating: 0, count: 4))) != .pending)
    }
}

/// UTF-8 edge cases from Autobahn section 6, checked against the standard library's validator.
@Suite struct UTF8ValidatorTests {
    static let cases: [[UInt8]] = [
        [], Array("κόσμε".utf8), [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
        [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xEF, 0xBF, 0xBE],
        [0x80], [0xBF], [0xC2], [0xE0, 0xA0], [0xFE], [0xFF], [0xC1, 0xBF], [0xC2, 0x80], [0xEF, 0xBB, 0xBF],
        Array("plain ascii long enough for the word loop!".utf8) + [0xC3, 0xA9], Array("0123456789abcdef".utf8) + [0xC3],
    ]

    @Test(arguments: cases)
    func agreesWithTheStandardLibrary(bytes: [UInt8]) {
        let expected = String(validating: bytes, as: UTF8.self) != nil
        #expect(UTF8Validator.isValid(bytes) == expected)
    }

    @Test func aNonASCIISequenceIsJudgedAtEveryPositionOfALongASCIIRun() {
        // Runs past the 32- and 8-byte word loops: every position lands in a different part of them.
        let ascii = Array(repeating: UInt8(ascii: "a"), count: 100)
        let sequences: [[UInt8]] = [[0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80], [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0x80]]
        for position in 0...ascii.count {
            for sequence in sequences {
                var bytes = ascii
                bytes.insert(contentsOf: sequence, at: position)
                let expected = String(validating: bytes, as: UTF8.self) != nil
                #expect(UTF8Validator.isValid(bytes) == expected, "\(sequence) at \(position)")
                // Fed in two pieces cut inside the sequence: the state carries over.
                var validator = UTF8Validator()
                let cut = position + 1
                let fed = validator.validate(Array(bytes[..<cut])) && validator.validate(Array(bytes[cut...]))
                #expect((fed && validator.isAtBoundary) == expected, "\(sequence) at \(position), cut at \(cut)")
            }
        }
    }

    @Test func byteByByteFeedingAgreesWithWholeFeeding() {
        for bytes in Self.cases {
            var validator = UTF8Validator()
            let allFed = bytes.allSatisfy { validator.validate([$0]) }
            #expect((allFed && validator.isAtBoundary) == UTF8Validator.isValid(bytes))
        }
    }
}
