import Testing

@testable import LacriptaWebSocket

/// Flow control between the I/O thread and the consumer of `messageBatches`, as values: when the
/// reader must pause, when it is woken, and which deliveries count. The socket tests
/// (`BatchDeliveryTests`) check that a slow consumer still gets everything.
@Suite struct ReceiveWindowTests {
    @Test func theReaderPausesAtAFullWindowAndIsWokenOnceHalfIsTaken() {
        var window = ReceiveWindow(limit: 100)
        window.delivered(60)
        let roomAfterOne = window.mayRead()
        window.delivered(60)
        let roomAfterTwo = window.mayRead()
        #expect(roomAfterOne && !roomAfterTwo)
        // 90 left: still more than half, so the paused reader is left asleep (it asks again only
        // once woken).
        let wokenAt90 = window.taken(30)
        #expect(!wokenAt90)
        // 50 left: half a window is free again.
        let wokenAt50 = window.taken(40)
        let roomAt50 = window.mayRead()
        #expect(wokenAt50 && roomAt50)
        // Nobody is paused now, so nobody needs waking.
        let wokenAt0 = window.taken(50)
        #expect(!wokenAt0)
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
        let delivered = state.deliver(batch) && state.deliver(batch)
        let roomBeforePick = state.window.mayRead()
        #expect(delivered && !roomBeforePick)
        // Batches are freed one by one as the consumer takes them, not by the pick.
        let wokenByPick = state.pick(.batches)
        let roomAfterPick = state.window.mayRead()
        #expect(!wokenByPick && !roomAfterPick)
        let deliveredAfterPick = state.deliver(batch)
        #expect(deliveredAfterPick)
        #expect(state.window.outstanding == 3 * batch.footprint)
    }

    @Test func pickingSingleMessagesFreesWhatWaitedAndWakesTheReader() {
        var state = shared()
        let delivered = state.deliver(batch) && state.deliver(batch)
        let roomBeforePick = state.window.mayRead()
        #expect(delivered && !roomBeforePick)
        let wokenByPick = state.pick(.messages)
        let roomAfterPick = state.window.mayRead()
        #expect(wokenByPick && roomAfterPick)
        // A consumer of single messages keeps the unbounded behaviour: nothing counts from now on.
        let deliveredAfterPick = (0..<10).allSatisfy { _ in state.deliver(batch) }
        #expect(deliveredAfterPick)
        #expect(state.window.outstanding == 0)
    }
}
