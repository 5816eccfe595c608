import Testing

@testable import LacriptaWebSocket

/// Flow control between the I/O thread and the consumer of `messageBatches`, as values: when the
/// reader must pause, when it is woken, and which deliveries count. The socket tests
/// (`BatchDeliveryTests`) check that a slow consumer still gets everything.
@Suite struct ReceiveWindowTests {
    @Test func theReaderPausesAtAFullWindowAndIsWokenOnceHalfIsTaken() {
        var window = ReceiveWindow(limit: 100)
        window.delivered(60)
        #expect(window.mayRead())
        window.delivered(60)
        #expect(!window.mayRead())
        // 90 left: still more than half, so the paused reader stays asleep.
        #expect(!window.taken(30))
        #expect(!window.mayRead())
        // 50 left: half a window is free again.
        #expect(window.taken(40))
        #expect(window.mayRead())
        // Nobody is paused now, so nobody needs waking.
        #expect(!window.taken(50))
    }

    /// The two streams a connection delivers to, kept alive for the test: a stream nobody holds
    /// is cancelled, and delivering to it would report the consumer gone.
    private let messages = AsyncThrowingStream<WebSocketMessage, any Error>.makeStream()
    private let batches = AsyncThrowingStream<WebSocketMessageBatch, any Error>.makeStream()

    /// A connection's shared state delivering to `messages` and `batches`, with a 4 KiB window.
    private func shared() -> ConnectionShared {
        ConnectionShared(delivery: MessageDelivery(messages: messages.continuation, batches: batches.continuation), receiveWindow: 4096)
    }

    /// A batch of one 3000-byte text message.
    private let batch = WebSocketMessageBatch([WebSocketMessage(kind: .text, payload: Array(repeating: 0x2E, count: 3000))])

    @Test func batchesDeliveredBeforeThePickCountAndABatchConsumerKeepsThemCounted() {
        var state = shared()
        #expect(state.deliver(batch))
        #expect(state.deliver(batch))
        #expect(!state.window.mayRead())
        // Batches are freed one by one as the consumer takes them, not by the pick.
        #expect(!state.pick(.batches))
        #expect(!state.window.mayRead())
        #expect(state.deliver(batch))
        #expect(state.window.outstanding == 3 * batch.footprint)
    }

    @Test func pickingSingleMessagesFreesWhatWaitedAndWakesTheReader() {
        var state = shared()
        #expect(state.deliver(batch))
        #expect(state.deliver(batch))
        #expect(!state.window.mayRead())
        #expect(state.pick(.messages))
        #expect(state.window.mayRead())
        // A consumer of single messages keeps the unbounded behaviour: nothing counts from now on.
        for _ in 0..<10 { #expect(state.deliver(batch)) }
        #expect(state.window.outstanding == 0)
        #expect(state.window.mayRead())
    }
}
