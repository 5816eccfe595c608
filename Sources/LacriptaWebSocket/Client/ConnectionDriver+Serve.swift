import LacriptaNet

/// The open phase: the poll loop and the byte ↔ frame plumbing.
extension ConnectionDriver {
    /// Read bursts per wake-up before writes (pongs, close replies) get a turn.
    private static let readsPerTurn = 16
    /// Read bursts when draining after a failed write: enough for a refusal and a Close, bounded
    /// so a flooding peer cannot keep a dead connection's thread busy.
    private static let drainTurns = 4

    /// Loops until the transport ends or the close deadline passes.
    func serve() {
        guard let stream else { return }
        while !transportEnded {
            // A receiver picked since the last turn gets what waited for it.
            handOverToReceiver()
            takeCommands()
            flush()
            if transportEnded { break }
            if let closeDeadline, closeDeadline.hasPassed {
                apply(machine.transportClosed())
                break
            }
            // Paced reads (`options.readInterval`) wait out the interval like a full window: the
            // bytes gather in the kernel meanwhile and come in one read.
            let pacing = nextRead.flatMap { $0.hasPassed ? nil : $0 }
            let mayRead = pacing == nil && mayRead()
            let needsWritable = (outboundOffset < outbound.count && writeWaitsForWritable) || (mayRead && readWaitsForWritable)
            let buffered = mayRead && stream.hasBufferedBytes
            let timeout = buffered ? 0 : Self.earliest(closeDeadline, pacing)
            let ready = Posix.wait(stream.fileDescriptor, readable: mayRead, writable: needsWritable, wake: wake.readEnd, timeout: timeout)
            if ready.woken { wake.drain() }
            // While paused, `readable` can only mean a hang-up or an error (POLLIN was not asked
            // for); reading then finds the end instead of spinning on it.
            if ready.readable || buffered || (mayRead && readWaitsForWritable && ready.writable) {
                // A read stopped at its bound leaves bytes waiting: those are read without a pause.
                let read = readAvailable(from: stream)
                if read.brought, !read.more, let interval = options.readInterval, machine.isOpen {
                    nextRead = Deadline(after: interval)
                }
            }
        }
    }

    /// The `poll(2)` timeout for the nearer of two deadlines (-1, no timeout, when neither is set).
    private static func earliest(_ first: Deadline?, _ second: Deadline?) -> Int32 {
        switch (first, second) {
        case (nil, nil): -1
        case (let one?, nil), (nil, let one?): one.remainingMilliseconds
        case (let one?, let other?): min(one.remainingMilliseconds, other.remainingMilliseconds)
        }
    }

    /// Whether the consumer has room for more messages. Once we are closing, or nobody consumes,
    /// reading goes on regardless: the close reply must be seen and late data is dropped anyway.
    private func mayRead() -> Bool {
        guard machine.isOpen, !consumerGone else { return true }
        return shared.withLock { $0.window.mayRead() }
    }

    /// Reads until the socket would block (bounded), decoding as it goes. Says whether any bytes
    /// came, and whether it stopped at the bound, so more may be waiting. `draining` ignores the
    /// receive window: the bounded drain after a failed write must reach the peer's last frames.
    @discardableResult
    private func readAvailable(from stream: any ByteStream, draining: Bool = false) -> (brought: Bool, more: Bool) {
        var brought = false
        for _ in 0..<Self.readsPerTurn {
            let result: IOResult
            do {
                result = try readBuffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            } catch {
                endTransport(detail: (error as? NetError)?.detail)
                return (brought, false)
            }
            switch result {
            case .transferred(let count):
                brought = true
                readWaitsForWritable = false
                consumeRead(count: count)
                guard draining || mayRead() else { return (brought, false) }
            case .wouldBlock(let writable):
                readWaitsForWritable = writable
                return (brought, false)
            case .closed:
                endTransport(detail: nil)
                return (brought, false)
            }
        }
        return (brought, true)
    }

    /// A write failed (EPIPE, ECONNRESET): the peer is gone, but frames it sent before going may
    /// still wait unread in the kernel, e.g. a refusal and its Close racing our first message.
    /// Decode those first, so the connection ends as they say and not as a lost connection.
    private func writeFailed(detail: String?) {
        if let stream {
            for _ in 0..<Self.drainTurns where !transportEnded && machine.wantsFrames {
                guard readAvailable(from: stream, draining: true).more else { break }
            }
        }
        guard !transportEnded else { return }
        endTransport(detail: detail)
    }

    /// Decodes the `count` bytes at the start of `readBuffer` and delivers their messages as one
    /// batch, which takes the buffer along when they lie in it.
    func consumeRead(count: Int) {
        pending.startRead(count: count)
        decoding = true
        consume(readBuffer[0..<count])
        decoding = false
        deliver()
        pending.endRead()
    }

    /// Decodes every frame in `whole` (the start of `readBuffer`) and applies the state
    /// machine's reactions; data messages collect in `pending`. Bytes that arrive after we
    /// failed the connection or echoed a Close are dropped unread.
    ///
    /// A whole single-frame message (the common case) is checked where it lies and recorded by
    /// its position in the read; everything else goes through `Frame` and is copied.
    private func consume(_ whole: ArraySlice<UInt8>) {
        var slice = whole
        while true {
            // The frames up to the next reaction are decoded with the decoder, the state machine
            // and the batch held in one access each: every access to a stored property of a class
            // is an exclusivity check at run time, four per frame before. `apply` uses them
            // itself, so it runs outside.
            let step = ReadDecoding.decodeFrames(&slice, of: whole, decoder: &decoder, machine: &machine, pending: &pending)
            switch step {
            case .done:
                return
            case .react(let reaction, let then):
                apply(reaction)
                if then == .stop { return }
            }
        }
    }

    /// Hands the messages collected so far to the consumer as one batch.
    func deliver() {
        guard !pending.isEmpty else { return }
        // Mid-read (the stream ends in the middle of a read) the rest of the read is still being
        // decoded from the buffer, so the batch gets a copy; otherwise the buffer itself.
        let batch = decoding ? pending.take(copying: readBuffer) : pending.take(handingOver: &readBuffer)
        if !shared.withLock({ $0.deliver(batch) }) { consumerGone = true }
        handOverToReceiver()
    }

    /// Calls the receiver, if the consumer picked one, with what waits for it: outside the lock,
    /// on this thread, in order.
    func handOverToReceiver() {
        guard let taken = shared.withLock({ $0.delivery.takeForReceiver() }) else { return }
        NativeWebSocketConnection.hand(taken)
    }

    /// Carries out a reaction: deliver, queue a reply, end the stream, arm the close timer.
    private func apply(_ reaction: ConnectionStateMachine.Reaction) {
        if let message = reaction.message { pending.append(message) }
        if let reply = reaction.reply { encoder.encode(reply, into: &outbound, using: &generator) }
        if let outcome = reaction.outcome { finish(outcome) }
        if !machine.isOpen, closeDeadline == nil {
            closeDeadline = Deadline(after: options.closeTimeout)
            shared.withLock { $0.stopSending() }
        }
    }

    /// Ends the message stream exactly once.
    private func finish(_ outcome: ConnectionStateMachine.Outcome) {
        guard !finished else { return }
        finished = true
        deliver()  // messages decoded before the end come first
        switch outcome {
        case .closed(let status):
            shared.withLock { state in
                state.closeStatus = status
                state.delivery.finish(throwing: nil)
            }
        case .failed(let violation):
            let error = WebSocketError(.protocolViolation(violation), endpoint: endpoint.hostHeader)
            shared.withLock { $0.delivery.finish(throwing: error) }
        case .connectionLost:
            let error = WebSocketError(.connectionLost, endpoint: endpoint.hostHeader, detail: transportErrorDetail)
            shared.withLock { $0.delivery.finish(throwing: error) }
        }
        handOverToReceiver()
    }

    /// Marks the transport as gone (EOF or error) and lets the state machine judge it.
    private func endTransport(detail: String?) {
        transportErrorDetail = detail
        transportEnded = true
        apply(machine.transportClosed())
    }

    /// Moves queued commands from callers into frames in `outbound`.
    private func takeCommands() {
        shared.withLock { swap(&$0.commands, &pendingCommands) }
        guard !pendingCommands.isEmpty else { return }
        for command in pendingCommands {
            switch command {
            case .send(let message):
                guard machine.isOpen else { continue }
                let frame = Frame(opcode: message.kind == .text ? .text : .binary, payload: message.payload)
                encoder.encode(frame, into: &outbound, using: &generator)
            case .close(let code, let reason):
                apply(machine.requestClose(code: code, reason: reason))
            }
        }
        pendingCommands.removeAll(keepingCapacity: true)
    }

    /// Writes as much of `outbound` as the socket takes now.
    private func flush() {
        guard let stream else { return }
        while outboundOffset < outbound.count {
            let result: IOResult
            do {
                result = try outbound.withUnsafeBytes { [outboundOffset] in
                    try stream.write(UnsafeRawBufferPointer(rebasing: $0[outboundOffset...]))
                }
            } catch {
                writeFailed(detail: (error as? NetError)?.detail)
                return
            }
            switch result {
            case .transferred(let count):
                outboundOffset += count
            case .wouldBlock(let writable):
                writeWaitsForWritable = writable
                return
            case .closed:
                writeFailed(detail: nil)
                return
            }
        }
        // Do not keep a multi-megabyte buffer around after one large message.
        if outbound.capacity > 1 << 20 { outbound = [] } else { outbound.removeAll(keepingCapacity: true) }
        outboundOffset = 0
        writeWaitsForWritable = false
    }

    /// Releases the socket, ends the stream if nothing else did, and wakes `close` callers.
    func release() {
        stream?.close()
        stream = nil
        if !finished { apply(machine.transportClosed()) }
        let (waiters, left) = shared.withLock { state in
            state.terminated = true
            state.stopSending()
            defer { state.closeWaiters = [] }
            // The last hand-over this thread makes; a receiver picked later takes the rest itself.
            return (state.closeWaiters, state.delivery.takeForReceiver())
        }
        if let left { NativeWebSocketConnection.hand(left) }
        for waiter in waiters { waiter.resume() }
    }
}
