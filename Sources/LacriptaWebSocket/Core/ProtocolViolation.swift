/// Every way a peer can break RFC 6455 that we detect, and the ONE place each maps to the close
/// code we fail the connection with (§7.4.1).
///
/// Cases carry no payload from the wire, so their text is safe to show and log.
public enum ProtocolViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// RSV1–3 set although no extension was negotiated (§5.2).
    case reservedBitsSet
    /// Opcode 0x3–0x7 or 0xB–0xF (§5.2).
    case reservedOpcode
    /// A server frame had the MASK bit set (§5.1).
    case maskedFrameFromServer
    /// A client frame had the MASK bit clear (§5.1); raised by the server-side decoder.
    case unmaskedFrameFromClient
    /// A control frame with FIN=0 (§5.5).
    case fragmentedControlFrame
    /// A control frame with more than 125 bytes of payload (§5.5).
    case controlFrameTooLong
    /// A 64-bit length with its most significant bit set (§5.2).
    case invalidLength
    /// A frame or reassembled message larger than the configured maximum.
    case messageTooBig
    /// A continuation frame with no fragmented message open (§5.4).
    case unexpectedContinuation
    /// A new text/binary frame while a fragmented message was still open (§5.4).
    case expectedContinuation
    /// A text message that is not valid UTF-8 (§5.6, §8.1).
    case invalidUTF8
    /// A Close frame with a 1-byte payload (§5.5.1).
    case closePayloadTooShort
    /// A Close frame with a code that may not be sent (§7.4).
    case invalidCloseCode
    /// A Close frame whose reason is not valid UTF-8 (§5.5.1).
    case invalidCloseReason

    /// The close code to send when failing the connection because of this violation.
    public var closeCode: CloseCode {
        switch self {
        case .invalidUTF8, .invalidCloseReason: .invalidFramePayloadData
        case .messageTooBig: .messageTooBig
        case .reservedBitsSet, .reservedOpcode, .maskedFrameFromServer, .unmaskedFrameFromClient,
            .fragmentedControlFrame, .controlFrameTooLong, .invalidLength, .unexpectedContinuation,
            .expectedContinuation, .closePayloadTooShort, .invalidCloseCode:
            .protocolError
        }
    }

    /// A short, user-readable explanation.
    public var description: String {
        switch self {
        case .reservedBitsSet: "a frame had reserved bits set"
        case .reservedOpcode: "a frame used a reserved opcode"
        case .maskedFrameFromServer: "the server sent a masked frame"
        case .unmaskedFrameFromClient: "the client sent an unmasked frame"
        case .fragmentedControlFrame: "a control frame was fragmented"
        case .controlFrameTooLong: "a control frame was longer than 125 bytes"
        case .invalidLength: "a frame length was out of range"
        case .messageTooBig: "a message exceeded the maximum message size"
        case .unexpectedContinuation: "a continuation frame arrived with no message to continue"
        case .expectedContinuation: "a new message started before the previous one was complete"
        case .invalidUTF8: "a text message was not valid UTF-8"
        case .closePayloadTooShort: "a close frame had a 1-byte payload"
        case .invalidCloseCode: "a close frame carried an invalid close code"
        case .invalidCloseReason: "a close frame reason was not valid UTF-8"
        }
    }
}
