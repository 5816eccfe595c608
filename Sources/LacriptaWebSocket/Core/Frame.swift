/// One WebSocket frame (RFC 6455 §5.2) with its payload already unmasked.
///
/// Masking is a property of the encoding, not of the frame: the decoder unmasks while copying and
/// the encoder masks while writing, so a `Frame` always holds the application bytes.
public struct Frame: Sendable, Equatable {
    /// FIN: this is the last fragment of its message (always true for control frames).
    public var fin: Bool
    /// RSV1–RSV3 in their header positions (mask 0x70). Always 0 in frames we accept; the fake
    /// server sets them to test that the client fails the connection.
    public var reservedBits: UInt8
    /// The frame type.
    public var opcode: Opcode
    /// The unmasked application data.
    public var payload: [UInt8]

    /// Creates a frame; `fin` defaults to a complete single-frame message.
    public init(fin: Bool = true, reservedBits: UInt8 = 0, opcode: Opcode, payload: [UInt8] = []) {
        self.fin = fin
        self.reservedBits = reservedBits & FrameBits.reserved
        self.opcode = opcode
        self.payload = payload
    }

    /// A Close frame carrying `code` and a UTF-8 `reason` (§5.5.1). The reason is cut so the
    /// payload stays within the 125-byte control-frame limit, never inside a UTF-8 sequence.
    public static func close(code: CloseCode, reason: String = "") -> Frame {
        var payload: [UInt8] = [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)]
        var budget = FrameBits.maxControlPayload - 2
        for scalar in reason.unicodeScalars {
            let utf8 = Array(String(scalar).utf8)
            guard utf8.count <= budget else { break }
            payload += utf8
            budget -= utf8.count
        }
        return Frame(opcode: .close, payload: payload)
    }
}
