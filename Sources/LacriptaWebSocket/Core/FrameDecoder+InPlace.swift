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
    public mutating func nextInPlace(_ input: inout ArraySlice<UInt8>) throws(ProtocolViolation) -> InPlaceResult {
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
}
