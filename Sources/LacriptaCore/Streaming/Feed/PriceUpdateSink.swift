/// Takes a feed's price updates synchronously, on the feed, as each is merged: the fast path for a
/// consumer that turns every update into output (`lacripta live --json` at a million a second).
///
/// Handed to `PriceFeed.init(updateSink:)`, a sink replaces the `.update` events: the feed calls
/// `receive` with the pair's merged state where the board keeps it, instead of copying it into an
/// event, queueing it and waking a consumer task on another thread to copy it out again. Every
/// other event still arrives through `eventBatches`.
///
/// The feed calls the sink from its own executor, one call at a time, in the order of the wire;
/// a sink therefore needs no lock for state only these calls touch. It must not block for long:
/// while it runs, the feed reads nothing (which is also how a slow sink throttles the server,
/// through TCP, without losing updates).
public protocol PriceUpdateSink: Sendable {
    /// One merged update: the pair's state after it, read where the feed keeps it (copy what must
    /// outlive the call), and what it changed. Returns false to end the feed (as `stop()` would,
    /// with a normal close), for example once `--count` updates were taken or the output failed.
    func receive(_ state: borrowing PriceSnapshot, _ merge: PriceMerge) -> Bool

    /// The messages received together have all been handed over: the moment to write out what
    /// the sink buffered, so a slow stream's updates appear at once and a fast one's in large writes.
    func endOfBatch()
}

extension PriceUpdateSink {
    /// Hands over a change merged elsewhere (a test, a replay), as the feed would.
    public func receive(_ change: PriceChange) -> Bool {
        receive(change.snapshot, change.merge)
    }
}
