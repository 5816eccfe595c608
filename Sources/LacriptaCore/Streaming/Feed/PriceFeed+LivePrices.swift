import LacriptaWebSocket

/// The streamer behind the screens' seam: one `PriceFeed`, so one socket, however many screens
/// read it (free keys allow a single streaming socket per account).
extension PriceFeed: LivePrices {
    public nonisolated var sourceName: String { "CryptoCompare's streamer" }

    /// Subscribes exactly `subscriptions`, sending only the difference; connects on the first
    /// non-empty set, so a view that never shows a live price never opens a socket.
    public func follow(_ subscriptions: [Subscription]) async {
        await setSubscriptions(subscriptions)
        if !subscriptions.isEmpty { start() }
    }

    /// Closes the socket normally (1000: the user is done) and finishes `eventBatches`.
    public func stop() async {
        await stop(closeCode: .normalClosure)
    }
}
