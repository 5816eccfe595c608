/// The receive hot path: a complete unfragmented data frame is reported by position instead of
/// being copied into a `Frame`.
extension FrameDecoder {
    /// The outcome of one `nextInPlace(_:)` call.
    public enum InPlaceResult: Sendable, Equatable {
        /// The input is used up and no complete frame is available yet.
        case needMoreData
        /// A complete frame, copied out as `next(_:)` would return it.
        case frame(Frame)
        /// A complete, unmasked, final (FIN) text or binary frame whose payload is `input[payload]`
        /// (indices of the slice that was passed in, which has been advanced past the frame).
        case inPlace(opcode: Opcode, payload: Range<Int>)
    }

    /// Like `next(_:)`, but a whole unfragmented data frame that is already in `input` comes back
    /// as the position of its payload, without a copy. Every other frame (control frames,
    /// fragments, frames split across reads, masked frames) is returned as a `Frame` as before.
    /// The header is validated by the same rules either way.
    ///
    /// Inlined so that, for the common header, the caller switches on no result in memory: the
    /// rest lives out of line in `nextInPlaceInGeneral`.
    @inline(__always)
    public mutating func nextInPlace(_ input: inout ArraySlice<UInt8>) throws(ProtocolViolation) -> InPlaceResult {
        if stash.isEmpty, case .header = state, let (opcode, payload) = Self.commonFrame(input, role: role, max: maxFrameSize) {
            input = input[payload.upperBound...]
            return .inPlace(opcode: opcode, payload: payload)
        }
        return try nextInPlaceInGeneral(&input)
    }

    /// `nextInPlace` for everything but a whole frame with the common header at a frame boundary.
    @inline(never)
    private mutating func nextInPlaceInGeneral(_ input: inout ArraySlice<UInt8>) throws(ProtocolViolation) -> InPlaceResult {
        if case .header = state, stash.isEmpty {
            let parsed: (Header, Int)?
            do {
                parsed = try Self.parseHeader(input, role: role, max: maxFrameSize)
            } catch {
                state = .failed(error)
                throw error
            }
            if let (header, size) = parsed, header.fin, header.maskingKey == nil,
                header.opcode == .text || header.opcode == .binary, input.count - size >= header.length
            {
                let start = input.startIndex + size
                let end = start + header.length
                input = input[end...]
                return .inPlace(opcode: header.opcode, payload: start..<end)
            }
        }
        switch try next(&input) {
        case .needMoreData: return .needMoreData
        case .frame(let frame): return .frame(frame)
        }
    }

    /// The opcode and payload position of the frame at the start of `input` when it is what a
    /// feed sends nearly every time and all of it is there: FIN, text or binary, no reserved
    /// bits, unmasked to a client, with a 7- or 16-bit length within `max`. Nil for anything
    /// else, which the general parser then judges (errors included), so this only saves it the
    /// work for the common shape.
    @inline(__always)
    static func commonFrame(_ input: ArraySlice<UInt8>, role: WebSocketRole, max: Int) -> (Opcode, Range<Int>)? {
        let start = input.startIndex
        guard role == .client, input.count >= 2 else { return nil }
        let first = input[start]
        let second = input[start + 1]
        // FIN with opcode 1 or 2 and no reserved bits is exactly 0x81 or 0x82; a clear MASK bit
        // leaves the 7-bit length as the whole second byte.
        guard first == FrameBits.fin | Opcode.text.rawValue || first == FrameBits.fin | Opcode.binary.rawValue,
            second < FrameBits.length64
        else { return nil }
        var size = 2
        var length = Int(second)
        if second == FrameBits.length16 {
            guard input.count >= 4 else { return nil }
            size = 4
            length = Int(input[start + 2]) << 8 | Int(input[start + 3])
        }
        guard length <= max, input.count - size >= length else { return nil }
        let opcode: Opcode = first == FrameBits.fin | Opcode.text.rawValue ? .text : .binary
        return (opcode, (start + size)..<(start + size + length))
    }
}
