/// Hands received messages to whichever stream the consumer reads: `messages` (one by one) or
/// `messageBatches`. The I/O thread feeds both forms straight from its own thread, so no task
/// sits in between; the consumer's first access picks the form.
///
/// Messages decoded before the consumer picked wait here and are handed over when it does, in
/// order, followed by the end of the stream if that came first too. Lives in `ConnectionShared`:
/// every call happens with its lock held, which keeps deliveries and the pick in one order.
struct MessageDelivery: Sendable {
    /// The two stream forms.
    enum Form: Sendable {
        case messages
        case batches
    }

    let messages: AsyncThrowingStream<WebSocketMessage, any Error>.Continuation
    let batches: AsyncThrowingStream<WebSocketMessageBatch, any Error>.Continuation
    /// The picked form, or nil until the consumer asked for one.
    private(set) var form: Form?
    private var early: [WebSocketMessageBatch] = []
    private var earlyEnd: Result<Void, any Error>?

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
        }
    }

    /// Ends the stream: cleanly, or by throwing `error`.
    mutating func finish(throwing error: (any Error)?) {
        switch form {
        case nil: earlyEnd = error.map { .failure($0) } ?? .success(())
        case .batches?: batches.finish(throwing: error)
        case .messages?: messages.finish(throwing: error)
        }
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
