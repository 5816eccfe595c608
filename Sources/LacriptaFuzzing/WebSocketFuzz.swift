import LacriptaNet
import LacriptaWebSocket

/// The WebSocket targets: frames (with message assembly and UTF-8) and the handshake answer.
enum WebSocketFuzz {
    /// What decoding a byte stream produced: the frames, then the violation that stopped it.
    struct Outcome: Equatable {
        var frames: [Frame] = []
        var violation: ProtocolViolation?
    }

    /// A frame limit small enough for the fuzzer to reach, so the size checks are exercised too.
    static let smallLimit = 1024

    /// Decodes the input as a client does, checks that any split of it (random reads, single
    /// bytes) and the in-place path give the same frames and the same violation, assembles the
    /// frames into messages, and checks the UTF-8 validator against the standard library's.
    static func frames(_ input: [UInt8]) throws(FuzzFailure) {
        for limit in [smallLimit, 4 << 20] {
            let whole = decode([input[...]], limit: limit)
            let reads = decode(FuzzInput.reads(input, typical: 7), limit: limit)
            try FuzzFailure.check(reads == whole, "frames differ when the input is split into reads (limit \(limit))")
            let single = decode(FuzzInput.bytes(input), limit: limit)
            try FuzzFailure.check(single == whole, "frames differ when the input arrives byte by byte (limit \(limit))")
            let inPlace = decodeInPlace(FuzzInput.reads(input, typical: 64), limit: limit)
            try FuzzFailure.check(inPlace == whole, "the in-place path differs from next(_:) (limit \(limit))")
            try assemble(whole.frames)
        }
        _ = decode([input[...]], role: .server, limit: 4 << 20)
        try utf8(input)
    }

    /// Decodes `reads` in order with one decoder.
    static func decode(_ reads: [ArraySlice<UInt8>], role: WebSocketRole = .client, limit: Int) -> Outcome {
        var decoder = FrameDecoder(role: role, maxFrameSize: limit)
        var outcome = Outcome()
        for read in reads {
            var slice = read
            do {
                while case .frame(let frame) = try decoder.next(&slice) { outcome.frames.append(frame) }
            } catch {
                outcome.violation = error
                return outcome
            }
        }
        return outcome
    }

    /// Decodes `reads` with `nextInPlace`, copying in-place payloads out to compare them.
    static func decodeInPlace(_ reads: [ArraySlice<UInt8>], limit: Int) -> Outcome {
        var decoder = FrameDecoder(role: .client, maxFrameSize: limit)
        var outcome = Outcome()
        for read in reads {
            var slice = read
            do {
                loop: while true {
                    switch try decoder.nextInPlace(&slice) {
                    case .needMoreData: break loop
                    case .frame(let frame): outcome.frames.append(frame)
                    case .inPlace(let opcode, let payload): outcome.frames.append(Frame(opcode: opcode, payload: Array(read[payload])))
                    }
                }
            } catch {
                outcome.violation = error
                return outcome
            }
        }
        return outcome
    }

    /// Assembles frames into messages; every text message must be valid UTF-8, and a single
    /// frame's check in place must agree with `push`.
    static func assemble(_ frames: [Frame]) throws(FuzzFailure) {
        var assembler = MessageAssembler(maxMessageSize: smallLimit * 2)
        for frame in frames {
            let output: MessageAssembler.Output
            do {
                output = try assembler.push(frame)
            } catch {
                return
            }
            guard case .message(let message) = output, message.kind == .text else { continue }
            try FuzzFailure.check(UTF8Validator.isValid(message.payload), "a text message that is not UTF-8 was delivered")
        }
    }

    /// The validator, whole and fed in pieces, agrees with the standard library's decoder.
    static func utf8(_ input: [UInt8]) throws(FuzzFailure) {
        let valid = UTF8Validator.isValid(input)
        var validator = UTF8Validator()
        var piecewise = true
        for read in FuzzInput.reads(input, typical: 3) where piecewise {
            piecewise = validator.validate(Array(read))
        }
        piecewise = piecewise && validator.isAtBoundary
        try FuzzFailure.check(piecewise == valid, "the UTF-8 validator differs when fed in pieces")
        if #available(macOS 15, *) {
            let standard = String(validating: input, as: UTF8.self) != nil
            try FuzzFailure.check(valid == standard, "the UTF-8 validator says \(valid), the standard library \(standard)")
        }
    }

    /// The RFC 6455 §1.3 sample key, whose accept value is known.
    static let sampleKey = "dGhlIHNhbXBsZSBub25jZQ=="

    /// Parses the input as a response head and checks it as the answer to the upgrade request.
    static func handshake(_ input: [UInt8]) {
        guard case .head(let head, _)? = try? HTTPHead.parse(input) else { return }
        _ = try? Handshake.validate(response: head, key: sampleKey)
    }
}
