/// The I/O thread's per-frame loop over one read, on plain values rather than the driver's
/// stored properties, and `package` so the decoder benchmark runs exactly this code.
package enum ReadDecoding {
    /// Where `decodeFrames` stopped.
    package enum Step {
        /// Out of bytes, or the machine wants no more frames.
        case done
        /// A reaction to apply, after which decoding goes on or stops.
        case react(ConnectionStateMachine.Reaction, then: Continuation)

        /// Whether decoding goes on after the reaction.
        package enum Continuation { case proceed, stop }
    }

    /// Decodes frames of `slice` (a part of `whole`, the read) into `pending` until one needs a
    /// reaction. A whole single-frame message is checked where it lies and recorded by its
    /// position in the read; every other frame comes back as the machine's reaction to it.
    package static func decodeFrames(
        _ slice: inout ArraySlice<UInt8>, of whole: ArraySlice<UInt8>, decoder: inout FrameDecoder,
        machine: inout ConnectionStateMachine, pending: inout ReadBatchBuilder
    ) -> Step {
        while machine.wantsFrames {
            let result: FrameDecoder.InPlaceResult
            do {
                result = try decoder.nextInPlace(&slice)
            } catch {
                return .react(machine.fail(error), then: .stop)
            }
            switch result {
            case .needMoreData:
                return .done
            case .frame(let frame):
                return .react(machine.receive(frame), then: .proceed)
            case .inPlace(let opcode, let range):
                let kind: WebSocketMessage.Kind = opcode == .text ? .text : .binary
                let offset = whole.startIndex
                let reaction = whole.withUnsafeBytes { raw -> ConnectionStateMachine.Reaction? in
                    let payload = UnsafeRawBufferPointer(rebasing: raw[(range.lowerBound - offset)..<(range.upperBound - offset)])
                    switch machine.receiveInPlace(kind, payload: payload) {
                    case .deliver(let kind):
                        pending.append(kind: kind, inRead: range)
                        return nil
                    case .react(let reaction):
                        return reaction
                    }
                }
                if let reaction { return .react(reaction, then: .proceed) }
            }
        }
        return .done
    }
}
