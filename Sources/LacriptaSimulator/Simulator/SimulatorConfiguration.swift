import Foundation

/// Everything needed to start a simulator.
public struct SimulatorConfiguration: Sendable {
    /// The directory with the recorded responses (`Resources/recorded`).
    public var dataDirectory: URL
    /// REST port on 127.0.0.1; 0 picks a free one.
    public var restPort: UInt16
    /// Stream port on 127.0.0.1; 0 picks a free one (used only with a stream factory).
    public var streamPort: UInt16
    /// The key clients must send; `nil` accepts any or none. Printed as `****`.
    public var requiredKey: RequiredAPIKey?
    /// The REST fault active from the start.
    public var fault: FaultMode?
    /// The CoinGecko fault active from the start.
    public var coinGeckoFault: CoinGeckoFault?
    /// News feed faults active from the start.
    public var feedFaults: [FeedSetting<FeedFault>] = []
    /// News feed delays active from the start.
    public var feedDelays: [FeedSetting<Duration>] = []
    /// Whether news timestamps move with the clock (the newest a few minutes old) instead of
    /// staying at their recorded values: CryptoCompare's 2023 news and the feeds' 2026 items.
    public var freshNews = false
    /// The simulated exchange feeds (Coinbase, Kraken, Bitstamp, Bitfinex) and how they behave;
    /// nil serves none. `lacripta-sim` starts them unless `--no-exchanges`.
    public var exchanges: ExchangeFeeds.Options?

    /// Creates a configuration; an empty `requireKey` means no key is required.
    public init(
        dataDirectory: URL, restPort: UInt16 = 0, streamPort: UInt16 = 0,
        requireKey: String? = nil, fault: FaultMode? = nil
    ) {
        self.dataDirectory = dataDirectory
        self.restPort = restPort
        self.streamPort = streamPort
        requiredKey = requireKey.flatMap(RequiredAPIKey.init)
        self.fault = fault
    }
}
