/// How a connection ended: the code (and reason, already UTF-8-validated) from the Close frame, or
/// a synthesized 1005/1006 when the frame had no code or never arrived.
public struct CloseStatus: Sendable, Hashable {
    /// The close code.
    public var code: CloseCode
    /// The reason text from the peer's Close frame. Untrusted: sanitize before display.
    public var reason: String

    /// Creates a status.
    public init(code: CloseCode, reason: String = "") {
        self.code = code
        self.reason = reason
    }
}

extension CloseStatus {
    /// Parses a received Close payload (§5.5.1): empty means "no status" (nil), one byte is a
    /// violation, otherwise a code that must be valid on the wire plus a UTF-8 reason.
    public static func parse(closePayload payload: [UInt8]) throws(ProtocolViolation) -> CloseStatus? {
        guard !payload.isEmpty else { return nil }
        guard payload.count >= 2 else { throw .closePayloadTooShort }
        let code = CloseCode(UInt16(payload[0]) << 8 | UInt16(payload[1]))
        guard code.isValidOnWire else { throw .invalidCloseCode }
        let reasonBytes = Array(payload[2...])
        guard UTF8Validator.isValid(reasonBytes) else { throw .invalidCloseReason }
        return CloseStatus(code: code, reason: String(decoding: reasonBytes, as: UTF8.self))
    }
}
