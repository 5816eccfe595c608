/// Reassembles data frames into messages (RFC 6455 §5.4) and validates text as UTF-8 (§8.1).
///
/// Control frames pass straight through, also between the fragments of a message, without
/// disturbing it. Text is validated fragment by fragment so a bad byte fails the connection as
/// soon as it arrives; a code point may still span fragments.
public struct MessageAssembler: Sendable {
    /// What a frame produced.
    public enum Output: Sendable, Equatable {
        /// The frame was a fragment; the message is not complete yet.
        case pending
        /// A complete data message.
        case message(WebSocketMessage)
        /// A control frame, to be handled by the connection right away.
        case control(Frame)
    }

    /// Messages longer than this fail with 1009.
    public let maxMessageSize: Int
    private var openKind: WebSocketMessage.Kind?
    private var buffer: [UInt8] = []
    private var validator = UTF8Validator()

    /// Creates an assembler; the limit defaults to 4 MiB.
    public init(maxMessageSize: Int = 4 << 20) {
        self.maxMessageSize = maxMessageSize
    }

    /// Feeds one decoded frame.
    public mutating func push(_ frame: Frame) throws(ProtocolViolation) -> Output {
        switch frame.opcode {
        case .close, .ping, .pong:
            return .control(frame)
        case .text, .binary:
            let kind: WebSocketMessage.Kind = frame.opcode == .text ? .text : .binary
            if frame.fin {
                // Single-frame message: the payload moves into the message without a copy.
                let checked = frame.payload.withUnsafeBytes { payload in
                    Result { () throws(ProtocolViolation) in try checkUnfragmented(kind, payload: payload) }
                }
                try checked.get()
                return .message(WebSocketMessage(kind: kind, payload: frame.payload))
            }
            guard openKind == nil else { throw .expectedContinuation }
            guard frame.payload.count <= maxMessageSize else { throw .messageTooBig }
            validator = UTF8Validator()
            if kind == .text, !validator.validate(frame.payload) { throw .invalidUTF8 }
            openKind = kind
            buffer = frame.payload
            return .pending
        case .continuation:
            guard let kind = openKind else { throw .unexpectedContinuation }
            guard buffer.count + frame.payload.count <= maxMessageSize else { throw .messageTooBig }
            if kind == .text, !validator.validate(frame.payload) { throw .invalidUTF8 }
            buffer.append(contentsOf: frame.payload)
            guard frame.fin else { return .pending }
            if kind == .text, !validator.isAtBoundary { throw .invalidUTF8 }
            openKind = nil
            var payload: [UInt8] = []
            swap(&payload, &buffer)
            return .message(WebSocketMessage(kind: kind, payload: payload))
        }
    }

    /// Checks a complete single-frame message (FIN set, text or binary) wherever its payload
    /// lies: no fragmented message may be open, the size is within the limit, text is UTF-8.
    /// Passing means the payload is a message as it is.
    public func checkUnfragmented(_ kind: WebSocketMessage.Kind, payload: UnsafeRawBufferPointer) throws(ProtocolViolation) {
        guard openKind == nil else { throw .expectedContinuation }
        guard payload.count <= maxMessageSize else { throw .messageTooBig }
        if kind == .text {
            var validator = UTF8Validator()
            guard validator.validate(payload), validator.isAtBoundary else { throw .invalidUTF8 }
        }
    }
}
