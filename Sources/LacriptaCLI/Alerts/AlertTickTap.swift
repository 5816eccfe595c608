import Foundation
import LacriptaCore
import LacriptaNet

/// Lets `lacripta live` off a terminal fire alerts without slowing its lines: a sink in front of
/// the line sink that passes every update on, and copies out the prices of the pairs some alert
/// watches, handed over once per batch of messages.
///
/// Only set up when the store holds alerts, so a plain `live --json` pays nothing; the pairs
/// watched follow the store as `LiveRun` re-reads it.
final class AlertTickTap: PriceUpdateSink, @unchecked Sendable {
    // @unchecked: `pending` is touched only by `receive` and `endOfBatch`, which the feed calls one
    // at a time (the protocol's contract); `watched` is behind its lock.

    /// The prices of watched pairs, batch by batch.
    let ticks: AsyncStream<[PriceTick]>
    private let continuation: AsyncStream<[PriceTick]>.Continuation
    private let next: any PriceUpdateSink
    private let now: @Sendable () -> Date
    /// The pairs some alert watches.
    let watched = Locked<Set<TickPair>>([])
    private var pending: [PriceTick] = []

    /// A tap passing updates on to `next`, stamping prices with `now`.
    init(forwardingTo next: any PriceUpdateSink, now: @escaping @Sendable () -> Date) {
        self.next = next
        self.now = now
        (ticks, continuation) = AsyncStream.makeStream(of: [PriceTick].self, bufferingPolicy: .bufferingNewest(1024))
    }

    func receive(_ state: borrowing PriceSnapshot, _ merge: PriceMerge) -> Bool {
        let goesOn = next.receive(state, merge)
        if merge.changed.contains(PriceField.price), let price = state.price {
            let pair = TickPair(symbol: state.pair.from, currency: state.pair.to)
            if watched.withLock({ $0.contains(pair) }) {
                pending.append(PriceTick(symbol: pair.symbol, currency: pair.currency, price: price, at: now()))
            }
        }
        return goesOn
    }

    func endOfBatch() {
        next.endOfBatch()
        guard !pending.isEmpty else { return }
        continuation.yield(pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// Ends `ticks`.
    func finish() {
        continuation.finish()
    }
}
