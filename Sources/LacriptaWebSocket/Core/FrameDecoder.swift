/// An incremental RFC 6455 frame parser: a value-type state machine that accepts its input split
/// at any offset and returns `.needMoreData` until a whole frame is available.
///
/// Every header rule is checked as soon as the header is complete, before any payload is
/// buffered: reserved bits, reserved opcodes, masking direction, control-frame rules, the 64-bit
/// MSB and the size limit. The payload is copied exactly once, from the caller's buffer into the
/// frame, and unmasked in place there.
public struct FrameDecoder: Sendable {
    /// The outcome of one `next(_:)` call.
    public enum Result: Sendable, Equatable {
        /// The input is used up and no complete frame is available yet.
        case needMoreData
        /// A complete frame; call again, there may be more in the input.
        case frame(Frame)
    }

    /// A parsed header (§5.2).
    struct Header: Sendable {
        var fin: Bool
        var opcode: Opcode
        var maskingKey: MaskingKey?
        var length: Int
    }

    /// Where in a frame the decoder is.
    enum State: Sendable {
        /// Waiting for (the rest of) a header; partial header bytes sit in `stash`.
        case header
        /// The header is known; `remaining` payload bytes are still to come into `partial`.
        case payload(Header, remaining: Int)
        /// A violation was found; the connection is being failed and every call rethrows it.
        case failed(ProtocolViolation)
    }

    /// Which side we decode for; decides the expected MASK bit.
    public let role: WebSocketRole
    /// Frames announcing more payload than this fail with 1009 before anything is buffered.
    public let maxFrameSize: Int
    var state: State = .header
    var stash: [UInt8] = []
    var partial: [UInt8] = []

    /// Creates a decoder; `maxFrameSize` defaults to 4 MiB.
    public init(role: WebSocketRole, maxFrameSize: Int = 4 << 20) {
        self.role = role
        self.maxFrameSize = maxFrameSize
    }

    /// Consumes bytes from the front of `input` and returns the next complete frame, or
    /// `.needMoreData` once `input` is empty. Slicing keeps this copy-free for the caller.
    public mutating func next(_ input: inout ArraySlice<UInt8>) throws(ProtocolViolation) -> Result {
        switch state {
        case .failed(let violation):
            throw violation
        case .payload(let header, let remaining):
            return continuePayload(header, remaining: remaining, from: &input)
        case .header:
            let header: Header
            do {
                if stash.isEmpty, let (parsed, size) = try Self.parseHeader(input, role: role, max: maxFrameSize) {
                    input = input.dropFirst(size)
                    header = parsed
                } else if let parsed = try fillStash(from: &input) {
                    header = parsed
                } else {
                    return .needMoreData
                }
            } catch {
                state = .failed(error)
                throw error
            }
            return startPayload(header, from: &input)
        }
    }

    /// Moves header bytes into `stash` until the header is complete (returning it) or the input
    /// runs out (returning nil). Only used when a header straddles two reads.
    private mutating func fillStash(from input: inout ArraySlice<UInt8>) throws(ProtocolViolation) -> Header? {
        var needed = 2
        while true {
            let take = min(needed - stash.count, input.count)
            if take > 0 {
                stash.append(contentsOf: input.prefix(take))
                input = input.dropFirst(take)
            }
            if stash.count < needed { return nil }
            let total = Self.headerSize(stash[0], stash[1])
            if stash.count >= total {
                guard let (header, _) = try Self.parseHeader(stash[...], role: role, max: maxFrameSize) else {
                    return nil
                }
                stash.removeAll(keepingCapacity: true)
                return header
            }
            needed = total
        }
    }

    /// Starts collecting a payload, taking the fast path when all of it is already in `input`.
    private mutating func startPayload(_ header: Header, from input: inout ArraySlice<UInt8>) -> Result {
        if input.count >= header.length {
            var payload = Array(input.prefix(header.length))
            input = input.dropFirst(header.length)
            if let key = header.maskingKey { key.apply(to: &payload) }
            return .frame(Frame(fin: header.fin, opcode: header.opcode, payload: payload))
        }
        partial = []
        partial.reserveCapacity(header.length)
        return continuePayload(header, remaining: header.length, from: &input)
    }

    /// Appends what `input` holds of the payload; completes the frame when nothing remains.
    private mutating func continuePayload(
        _ header: Header, remaining: Int, from input: inout ArraySlice<UInt8>
    ) -> Result {
        let take = min(remaining, input.count)
        if take > 0 {
            let offset = partial.count
            partial.append(contentsOf: input.prefix(take))
            input = input.dropFirst(take)
            if let key = header.maskingKey {
                partial.withUnsafeMutableBytes { raw in
                    key.apply(to: UnsafeMutableRawBufferPointer(rebasing: raw[offset...]), phase: offset)
                }
            }
        }
        guard remaining - take == 0 else {
            state = .payload(header, remaining: remaining - take)
            return .needMoreData
        }
        state = .header
        var payload: [UInt8] = []
        swap(&payload, &partial)
        return .frame(Frame(fin: header.fin, opcode: header.opcode, payload: payload))
    }

    /// The header length announced by the first two bytes.
    static func headerSize(_ first: UInt8, _ second: UInt8) -> Int {
        let length7 = second & FrameBits.length
        let extended = length7 == FrameBits.length16 ? 2 : length7 == FrameBits.length64 ? 8 : 0
        return 2 + extended + (second & FrameBits.mask != 0 ? 4 : 0)
    }

    /// Parses and validates a complete header at the start of `bytes`, or returns nil if `bytes`
    /// is too short. Returns the header and its size in bytes.
    static func parseHeader(
        _ bytes: ArraySlice<UInt8>, role: WebSocketRole, max: Int
    ) throws(ProtocolViolation) -> (Header, Int)? {
        guard bytes.count >= 2 else { return nil }
        let start = bytes.startIndex
        let first = bytes[start]
        let second = bytes[start + 1]
        let size = headerSize(first, second)
        guard bytes.count >= size else { return nil }

        guard first & FrameBits.reserved == 0 else { throw .reservedBitsSet }
        guard let opcode = Opcode(rawValue: first & FrameBits.opcode) else { throw .reservedOpcode }
        let fin = first & FrameBits.fin != 0
        let masked = second & FrameBits.mask != 0
        switch (role, masked) {
        case (.client, true): throw .maskedFrameFromServer
        case (.server, false): throw .unmaskedFrameFromClient
        default: break
        }

        var index = start + 2
        var length = UInt64(second & FrameBits.length)
        if length == UInt64(FrameBits.length16) || length == UInt64(FrameBits.length64) {
            let extendedCount = length == UInt64(FrameBits.length16) ? 2 : 8
            length = 0
            for _ in 0..<extendedCount {
                length = length << 8 | UInt64(bytes[index])
                index += 1
            }
            guard length >> 63 == 0 else { throw .invalidLength }
        }
        if opcode.isControl {
            guard fin else { throw .fragmentedControlFrame }
            guard length <= UInt64(FrameBits.maxControlPayload) else { throw .controlFrameTooLong }
        }
        guard length <= UInt64(max) else { throw .messageTooBig }

        var key: MaskingKey?
        if masked {
            key = MaskingKey(bytes[index], bytes[index + 1], bytes[index + 2], bytes[index + 3])
        }
        return (Header(fin: fin, opcode: opcode, maskingKey: key, length: Int(length)), size)
    }
}
