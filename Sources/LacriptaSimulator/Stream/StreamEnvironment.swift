import Foundation

/// What the streamer's state machine reads but never changes: the data, the options, the clocks.
struct StreamEnvironment: Sendable {
    /// Pairs and their opening quotes.
    let catalog: PairCatalog
    /// Recorded messages.
    let recordings: StreamRecordings
    /// The configuration.
    let options: CryptoCompareStreamer.Options
    /// The seed actually used (the option's, or a random one).
    let seed: UInt64
    /// When the streamer started (for the welcome's uptime).
    let startedAt: ContinuousClock.Instant
    /// The random-walk tunables.
    let walk = PairQuote.Walk()

    /// Wall-clock epoch seconds, for LASTUPDATE.
    var nowSeconds: Int { Int(options.now().timeIntervalSince1970) }
    /// Wall-clock epoch milliseconds, for TIMEMS and SERVER_TIME_MS.
    var nowMilliseconds: Int64 { Int64((options.now().timeIntervalSince1970 * 1000).rounded(.down)) }
}
