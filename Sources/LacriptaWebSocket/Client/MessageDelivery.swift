/// Hands received messages to whichever form the consumer reads: `messages` (one by one),
/// `messageBatches`, or a `WebSocketReceiver`. The I/O thread feeds every form straight from its
/// own thread, so no task sits in between; the consumer's first access picks the form.
///
/// A receiver is called outside the lock (it may send, which takes the lock): deliveries for it
/// wait in `handover` and the I/O thread takes them out and calls it (`takeForReceiver`).
///
/// Messages decoded before the consumer picked wait here and are handed over when it does, in
/// order, followed by the end of the stream if that came first too. Lives in `ConnectionShared`:
/// every call happens with its lock held, which keeps deliveries and the pick in one order.
struct MessageDelivery: Sendable {
    /// The two stream forms.
    enum Form: Sendable {
        case messages
        case batches
        case receiver
    }

    let messages: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation
    let batches: AsyncThrowingStream<WebSocketMessageBatch, any Error>.Continuation
    /// The picked form, or nil until the consumer asked for one.
    private(set) var form: Form?
    private var early: [WebSocketMessageBatch] = []
    private var earlyEnd: Result<Void, any Error>?
    /// The receiver, once picked.
    private var receiver: (any WebSocketReceiver)?
    /// Batches, then the end, waiting to be handed to the receiver outside the lock.
    private var handover: [WebSocketMessageBatch] = []
    private var handoverEnd: Result<Void, any Error>?
    /// Whether the receiver was told of the end (nothing more is handed to it then).
    private var receiverEnded = false

    /// Delivery to these two continuations, form not yet picked.
    init(
        messages: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation,
        batches: AsyncThrowingStream<WebSocketMessageBatch, any Error>.Continuation
    ) {
        self.messages = messages
        self.batches = batches
    }

    /// Hands `batch` over (or keeps it until a form is picked). Returns false once the consumer
    /// is gone (its stream was cancelled), so nobody will take more.
    mutating func deliver(_ batch: WebSocketMessageBatch) -> Bool {
        switch form {
        case nil:
            early.append(batch)
            return true
        case .batches?:
            if case .terminated = batches.yield(batch) { return false }
            return true
        case .messages?:
            for message in batch {
                if case .terminated = messages.yield(message) { return false }
            }
            return true
        case .receiver?:
            handover.append(batch)
            return true
        }
    }

    /// Ends the stream: cleanly, or by throwing `error`.
    mutating func finish(throwing error: (any Error)?) {
        switch form {
        case nil: earlyEnd = error.map { .failure($0) } ?? .success(())
        case .batches?: batches.finish(throwing: error)
        case .messages?: messages.finish(throwing: error)
        case .receiver?: if handoverEnd == nil { handoverEnd = error.map { .failure($0) } ?? .success(()) }
        }
    }

    /// Picks the receiver form (unless a form was picked): what waited is handed to it next, in
    /// order, by whoever calls `takeForReceiver`. Returns the bytes that waited, for flow control.
    mutating func pick(_ receiver: any WebSocketReceiver) -> Int {
        guard form == nil else { return 0 }
        form = .receiver
        self.receiver = receiver
        messages.finish()
        batches.finish()
        handover = early
        handoverEnd = earlyEnd
        early = []
        earlyEnd = nil
        return handover.reduce(0) { $0 + $1.footprint }
    }

    /// What waits for the receiver, taken out to be handed over outside the lock: the batches
    /// in order, then the end if it came. Nil when there is nothing (or no receiver).
    mutating func takeForReceiver() -> (receiver: any WebSocketReceiver, batches: [WebSocketMessageBatch], end: Result<Void, any Error>?)? {
        guard let receiver, !receiverEnded, !handover.isEmpty || handoverEnd != nil else { return nil }
        let batches = handover
        handover = []
        let end = handoverEnd
        if end != nil {
            receiverEnded = true
            // The connection holds no reference to its consumer once it has ended.
            self.receiver = nil
        }
        return (receiver, batches, end)
    }

    /// Picks `form` on first call (later calls keep the first pick): hands over what waited and
    /// finishes the other stream, which then stays empty. Returns the batches handed over, for
    /// flow control.
    mutating func pick(_ form: Form) -> [WebSocketMessageBatch] {
        guard self.form == nil else { return [] }
        self.form = form
        switch form {
        case .batches: messages.finish()
        case .messages: batches.finish()
        case .receiver: preconditionFailure("pick(_ receiver:) picks the receiver form")
        }
        let waiting = early
        early = []
        for batch in waiting { _ = deliver(batch) }
        if let earlyEnd {
            self.earlyEnd = nil
            switch earlyEnd {
            case .success: finish(throwing: nil)
            case .failure(let error): finish(throwing: error)
            }
        }
        return waiting
    }
}
