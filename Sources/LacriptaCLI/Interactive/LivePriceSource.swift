import LacriptaCore

/// Where the interactive view gets live prices: the seam for the streamer's `PriceFeed`.
///
/// One source serves the whole view over one socket (free keys allow a single socket per
/// account), so the toplist, the live detail and every other screen share it. Its events are the
/// feed's own, in the batches the feed produced, for `LiveModel` to take as they are. The view
/// calls `setSubscriptions` with the complete set it wants each time that set changes (the
/// visible rows follow the scroll position); an adapter over `PriceFeed.setSubscriptions` sends
/// only the difference. `eventBatches` is read by one consumer for the life of the view; `stop()`
/// closes the connection and finishes it.
protocol LivePriceSource: Sendable {
    /// The feed's events, batch by batch in order of arrival; throws the feed's failure when it
    /// gives up (a refused key, too many sockets).
    var eventBatches: AsyncThrowingStream<[PriceFeedEvent], any Error> { get }
    /// Starts connecting (if not already) and replaces the subscribed pairs with `subscriptions`.
    func setSubscriptions(_ subscriptions: [Subscription]) async
    /// Closes the connection and finishes `eventBatches`.
    func stop() async
}
