/// The 4-bit frame opcode of RFC 6455 §5.2.
///
/// Reserved opcodes (0x3–0x7, 0xB–0xF) have no case: the decoder rejects them before a `Frame`
/// exists, so every `Frame` carries a known opcode.
public enum Opcode: UInt8, Sendable, Hashable {
    /// Continues the data message that a text or binary frame with FIN=0 started.
    case continuation = 0x0
    /// Starts a text (UTF-8) message.
    case text = 0x1
    /// Starts a binary message.
    case binary = 0x2
    /// Starts or answers the closing handshake.
    case close = 0x8
    /// Asks the peer for a pong with the same payload.
    case ping = 0x9
    /// Answers a ping (or is an unsolicited heartbeat).
    case pong = 0xA

    /// Control frames (close, ping, pong) have bit 3 set; they may not be fragmented and carry at
    /// most 125 bytes (§5.5).
    public var isControl: Bool { rawValue & 0x8 != 0 }
}

/// Bit masks of the first two header bytes (§5.2), named so the codec never uses bare literals.
enum FrameBits {
    /// FIN: this is the final fragment of a message.
    static let fin: UInt8 = 0x80
    /// RSV1, RSV2 and RSV3: reserved for extensions; we negotiate none.
    static let reserved: UInt8 = 0x70
    /// The opcode nibble.
    static let opcode: UInt8 = 0x0F
    /// MASK flag in the second byte.
    static let mask: UInt8 = 0x80
    /// The 7-bit payload length in the second byte.
    static let length: UInt8 = 0x7F
    /// A 7-bit length of 126 announces a 16-bit extended length.
    static let length16: UInt8 = 126
    /// A 7-bit length of 127 announces a 64-bit extended length.
    static let length64: UInt8 = 127
    /// The largest payload a control frame may carry.
    static let maxControlPayload = 125
}
