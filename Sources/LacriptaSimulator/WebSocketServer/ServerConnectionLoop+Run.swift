import LacriptaNet
import LacriptaNetServer
import LacriptaWebSocket

/// The open phase of a server connection.
extension ServerConnectionLoop {
    /// Serves the connection until TCP ends; `onUpgrade` runs first (the server's callback).
    func run(onUpgrade: (WebSocketServerConnection) -> Void) {
        if let connection { onUpgrade(connection) }
        while !ended {
            takeCommands()
            if case .failed = flush() { break }
            if closeSent, outbound.isEmpty { awaitCloseReply() }
            if outbound.isEmpty, resetAfterFlush || closeAfterFlush {
                if resetAfterFlush {
                    Posix.setResetOnClose(stream.fileDescriptor)
                } else {
                    linger()
                }
                break
            }
            let timeout = Deadline.pollTimeout(
                frames.earliestDeadline, messages.earliestDeadline, disconnected.earliestDeadline, closeReplyDeadline)
            let ready = Posix.wait(
                stream.fileDescriptor, readable: true, writable: !outbound.isEmpty, wake: wake.readEnd,
                timeout: stream.hasBufferedBytes ? 0 : timeout)
            if ready.woken { wake.drain() }
            frames.expire()
            messages.expire()
            disconnected.expire()
            if ready.readable || stream.hasBufferedBytes { readAvailable() }
        }
        end()
    }

    /// Bounds the wait for the client's answer to our Close, counted from when the Close was
    /// written (a slow reader still working through a flood before it is not late): when the
    /// time is up, TCP is closed anyway (§7.1.1).
    private func awaitCloseReply() {
        guard let closeReplyDeadline else {
            closeReplyDeadline = Deadline(after: Self.closeReplyTimeout)
            return
        }
        if closeReplyDeadline.hasPassed { closeAfterFlush = true }
    }

    /// Result of a non-blocking flush.
    enum FlushResult {
        case done
        case wouldBlock(writable: Bool)
        case failed
    }

    /// Writes what the socket takes now.
    @discardableResult
    func flush() -> FlushResult {
        var written = 0
        defer { outbound.removeFirst(written) }
        while written < outbound.count {
            let result = try? outbound.withUnsafeBytes { [written] in try stream.write(UnsafeRawBufferPointer(rebasing: $0[written...])) }
            switch result {
            case .transferred(let count)?: written += count
            case .wouldBlock(let writable)?: return .wouldBlock(writable: writable)
            case .closed?, nil:
                ended = true
                return .failed
            }
        }
        return .done
    }

    /// Moves queued commands into the outbound buffer and flags.
    private func takeCommands() {
        shared.withLock { swap(&$0.commands, &pending) }
        for command in pending {
            switch command {
            case .write(let bytes, let isClose):
                outbound += bytes
                if isClose { closeSent = true }
            case .drop: resetAfterFlush = true
            case .closeTCP: closeAfterFlush = true
            case .silence: silent = true
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Reads what is available and handles the frames in it.
    private func readAvailable() {
        for _ in 0..<16 {
            let result = try? readBuffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            switch result {
            case .transferred(let count)?:
                var slice = readBuffer[0..<count]
                consume(&slice)
            case .wouldBlock?:
                return
            case .closed?, nil:
                ended = true
                return
            }
        }
    }

    /// Decodes client frames and reacts: record, answer pings and Close, assemble messages.
    func consume(_ slice: inout ArraySlice<UInt8>) {
        while !ended, !closeAfterFlush {
            let frame: Frame
            do {
                guard case .frame(let decoded) = try decoder.next(&slice) else { return }
                frame = decoded
            } catch {
                // A client broke the protocol: fail it as a server would, then close.
                outbound += encoder.encode(Frame.close(code: error.closeCode))
                closeAfterFlush = true
                return
            }
            frames.post(frame)
            handle(frame)
        }
    }

    /// Reacts to one client frame.
    private func handle(_ frame: Frame) {
        switch frame.opcode {
        case .ping:
            if behavior.answerPings, !silent { outbound += encoder.encode(Frame(opcode: .pong, payload: frame.payload)) }
        case .pong:
            break
        case .close:
            if closeSent {
                closeAfterFlush = true  // our Close was answered: the server closes TCP first (§7.1.1)
            } else if behavior.answerClose, !silent {
                let status = (try? CloseStatus.parse(closePayload: frame.payload)) ?? nil
                outbound += encoder.encode(status.map { Frame.close(code: $0.code) } ?? Frame(opcode: .close))
                closeSent = true
                closeAfterFlush = true
            }
        case .text, .binary, .continuation:
            guard case .message(let message)? = try? assembler.push(frame) else { return }
            if behavior.echoMessages, !silent {
                outbound += encoder.encode(Frame(opcode: message.kind == .text ? .text : .binary, payload: message.payload))
            }
            let handler = shared.withLock { $0.messageHandler }
            if let handler, let connection {
                handler(connection, message)
            } else {
                messages.post(message)
            }
        }
    }

    /// A lingering close, after our last frame is flushed: half-close, then read and discard until
    /// the client closes too (its FIN), the linger time passes, or the server is stopped.
    /// Closing while client bytes sit unread in our receive buffer (a message sent just before its
    /// Close reply, or anything after a Close we failed it with) makes the kernel answer with a
    /// RST instead of a FIN, and a RST can destroy our last frames before the client reads them.
    private func linger() {
        stream.shutdownWrite()
        let deadline = Deadline(after: Self.lingerTimeout)
        while !deadline.hasPassed {
            let result = try? readBuffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            switch result {
            case .transferred?:
                continue
            case .wouldBlock(let writable)?:
                let ready = Posix.wait(
                    stream.fileDescriptor, readable: !writable, writable: writable, wake: wake.readEnd,
                    timeout: deadline.remainingMilliseconds)
                guard ready.woken else { continue }
                wake.drain()
                takeCommands()
                guard !resetAfterFlush else {
                    Posix.setResetOnClose(stream.fileDescriptor)  // stopped: drop now
                    return
                }
            case .closed?, nil:
                return
            }
        }
    }

    /// Releases the socket and tells every waiter.
    private func end() {
        ended = true
        stream.close()
        shared.withLock { $0.ended = true }
        frames.close()
        messages.close()
        disconnected.close(finalValue: true)
    }
}
