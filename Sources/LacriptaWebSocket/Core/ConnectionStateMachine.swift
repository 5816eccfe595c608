/// The protocol half of an open connection as a pure state machine: decoded frames, violations,
/// close requests and transport events go in; a `Reaction` (message to deliver, frame to send,
/// how the message stream ends) comes out. No I/O, so every rule is testable on values.
///
/// States follow RFC 6455 §7: `open` → `closeSent` (we started the close) or `closeReceived`
/// (we echoed the peer's) or `failed` (we sent an error close) → `closed`. Outside `open` no data
/// frame is delivered or sent; after a close in either direction we wait for the server to end
/// TCP (§7.1.1), which the I/O layer bounds with a timeout.
public struct ConnectionStateMachine: Sendable {
    /// Where the connection is in its lifecycle.
    public enum State: Sendable, Hashable {
        /// Data flows both ways.
        case open
        /// We sent Close and wait for the peer's.
        case closeSent
        /// The peer sent Close and we echoed it.
        case closeReceived
        /// We failed the connection with an error Close.
        case failed
        /// The closing handshake is done or the transport is gone.
        case closed
    }

    /// How the message stream ends; reported exactly once.
    public enum Outcome: Sendable, Equatable {
        /// A closing handshake (started by either side) with the peer's status, or a synthesized
        /// 1005 (empty Close) / 1006 (we closed and the peer vanished).
        case closed(CloseStatus)
        /// The peer broke the protocol; we sent `violation.closeCode`.
        case failed(ProtocolViolation)
        /// TCP ended while the connection was open.
        case connectionLost
    }

    /// What the connection must do after an event. Every field is optional so the hot path
    /// (a data message) allocates nothing beyond the message itself.
    public struct Reaction: Sendable, Equatable {
        /// A complete data message for the consumer.
        public var message: WebSocketMessage?
        /// A frame to send now: a pong, a close echo, or an error close.
        public var reply: Frame?
        /// End the message stream this way.
        public var outcome: Outcome?

        /// Creates a reaction.
        public init(message: WebSocketMessage? = nil, reply: Frame? = nil, outcome: Outcome? = nil) {
            self.message = message
            self.reply = reply
            self.outcome = outcome
        }
    }

    /// The current state.
    public private(set) var state: State = .open
    private var assembler: MessageAssembler

    /// Creates an open connection whose messages may be at most `maxMessageSize` bytes.
    public init(maxMessageSize: Int = 4 << 20) {
        assembler = MessageAssembler(maxMessageSize: maxMessageSize)
    }

    /// True while decoded frames still matter (to deliver data, or to see the close reply).
    public var wantsFrames: Bool { state == .open || state == .closeSent }

    /// True while the consumer may send data messages.
    public var isOpen: Bool { state == .open }

    /// Handles one decoded frame.
    public mutating func receive(_ frame: Frame) -> Reaction {
        switch state {
        case .open:
            let output: MessageAssembler.Output
            do {
                output = try assembler.push(frame)
            } catch {
                return fail(error)
            }
            switch output {
            case .pending: return Reaction()
            case .message(let message): return Reaction(message: message)
            case .control(let control): return handleControl(control)
            }
        case .closeSent:
            guard frame.opcode == .close else { return Reaction() }  // data after our Close is dropped
            state = .closed
            let status = (try? CloseStatus.parse(closePayload: frame.payload)) ?? nil
            return Reaction(outcome: .closed(status ?? CloseStatus(code: .noStatusReceived)))
        case .closeReceived, .failed, .closed:
            return Reaction()
        }
    }

    /// What to do with a complete single-frame data message whose payload is still in the read
    /// buffer (see `FrameDecoder.nextInPlace`).
    public enum InPlaceVerdict: Sendable, Equatable {
        /// Deliver the payload as a message of this kind.
        case deliver(WebSocketMessage.Kind)
        /// Do not deliver it; carry out this reaction instead (a failure, or nothing when data is
        /// dropped while closing).
        case react(Reaction)
    }

    /// Handles a complete single-frame text or binary message in place: the same rules as
    /// `receive(_:)` for such a frame, without copying the payload into a `Frame` first.
    public mutating func receiveInPlace(_ kind: WebSocketMessage.Kind, payload: UnsafeRawBufferPointer) -> InPlaceVerdict {
        switch state {
        case .open:
            do {
                try assembler.checkUnfragmented(kind, payload: payload)
            } catch {
                return .react(fail(error))
            }
            return .deliver(kind)
        case .closeSent, .closeReceived, .failed, .closed:
            return .react(Reaction())  // data after a Close (ours or theirs) is dropped
        }
    }

    /// Answers a control frame received while open.
    private mutating func handleControl(_ frame: Frame) -> Reaction {
        switch frame.opcode {
        case .ping:
            return Reaction(reply: Frame(opcode: .pong, payload: frame.payload))
        case .close:
            let status: CloseStatus?
            do {
                status = try CloseStatus.parse(closePayload: frame.payload)
            } catch {
                return fail(error)
            }
            state = .closeReceived
            // Echo the code (§5.5.1); an empty Close is answered with an empty Close.
            let echo = status.map { Frame.close(code: $0.code) } ?? Frame(opcode: .close)
            return Reaction(reply: echo, outcome: .closed(status ?? CloseStatus(code: .noStatusReceived)))
        default:
            return Reaction()  // unsolicited pongs are allowed and ignored (§5.5.3)
        }
    }

    /// Fails the connection because the peer broke the protocol (from the decoder or assembler).
    public mutating func fail(_ violation: ProtocolViolation) -> Reaction {
        switch state {
        case .open:
            state = .failed
            return Reaction(reply: Frame.close(code: violation.closeCode), outcome: .failed(violation))
        case .closeSent:
            state = .closed
            return Reaction(outcome: .closed(CloseStatus(code: .abnormalClosure)))
        case .closeReceived, .failed, .closed:
            return Reaction()
        }
    }

    /// Starts the closing handshake. Codes that may not be sent (1005, 1006, 1015, out of range)
    /// become 1000.
    public mutating func requestClose(code: CloseCode, reason: String = "") -> Reaction {
        guard state == .open else { return Reaction() }
        state = .closeSent
        let wireCode = code.isValidOnWire ? code : .normalClosure
        return Reaction(reply: Frame.close(code: wireCode, reason: reason))
    }

    /// The transport ended (EOF, reset) or the close timeout expired.
    public mutating func transportClosed() -> Reaction {
        let previous = state
        state = .closed
        switch previous {
        case .open: return Reaction(outcome: .connectionLost)
        case .closeSent: return Reaction(outcome: .closed(CloseStatus(code: .abnormalClosure)))
        case .closeReceived, .failed, .closed: return Reaction()
        }
    }
}
