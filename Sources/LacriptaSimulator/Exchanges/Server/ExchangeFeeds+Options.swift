import Foundation

extension ExchangeFeeds {
    /// How the simulated exchanges behave: the walk's seed, update rates, faults, heartbeats.
    public struct Options: Sendable {
        /// The default updates per second of each followed pair on each exchange.
        public static let defaultUpdatesPerSecond = 3.0

        /// Seed of the market walk, the books and the sockets' ids; nil picks a random one. The
        /// same seed, subscriptions and `now` give the same prices.
        public var seed: UInt64?
        /// Updates per second of each followed pair, per exchange (`--exchange-rate N[@EXCHANGE]`);
        /// the last setting naming an exchange (or none) wins. 0 sends none: tests then call
        /// `publishUpdates`.
        public var rates: [ExchangeSetting<Double>] = []
        /// Faults active from the start (`--exchange-fault MODE[@EXCHANGE]`).
        public var faults: [ExchangeSetting<ExchangeFault>] = []
        /// The port of the first exchange (Coinbase; Kraken, Bitstamp and Bitfinex take the next
        /// three); 0 picks four free ports.
        public var port: UInt16 = 0
        /// How often the shared market moves; nil moves a pair one step per update instead
        /// (steered tests: the prices then depend only on the seed and the updates asked for).
        public var marketStep: Duration? = .milliseconds(100)
        /// Each exchange's heartbeat period: Coinbase's `heartbeat` channel and Kraken's quiet-second
        /// `heartbeat` every second, Bitfinex's `hb` every 15 s per channel, Bitstamp's WebSocket
        /// ping every 54 s, Binance's and Gemini's every 20 s and Binance.US's every 3 minutes. A missing entry sends none.
        public var heartbeatIntervals: [SimulatedExchange: Duration] = [
            .coinbase: .seconds(1), .kraken: .seconds(1), .bitstamp: .seconds(54), .bitfinex: .seconds(15), .binance: .seconds(20),
            .binanceus: .seconds(180), .gemini: .seconds(20),
        ]
        /// How long after a maintenance notice the socket is closed (1001).
        public var reconnectGrace: Duration = .seconds(2)
        /// The wall clock for the time stamps in messages (pacing uses a monotonic clock).
        public var now: @Sendable () -> Date = { Date() }

        /// The defaults: a few updates a second on every exchange, real heartbeats, no faults.
        public init(seed: UInt64? = nil) {
            self.seed = seed
        }

        /// Options for steered tests: a fixed seed and clock, no timed updates or heartbeats, the
        /// market moving only with `publishUpdates`.
        public static func steered(seed: UInt64 = 1) -> Options {
            var options = Options(seed: seed)
            options.rates = [ExchangeSetting(0)]
            options.marketStep = nil
            options.heartbeatIntervals = [:]
            options.now = { Date(timeIntervalSince1970: 1_789_000_000.123456) }
            return options
        }

        /// The configured rate of `exchange`.
        public func updatesPerSecond(for exchange: SimulatedExchange) -> Double {
            rates.last { $0.applies(to: exchange) }?.value ?? Self.defaultUpdatesPerSecond
        }

        /// The faults configured for `exchange`.
        public func faults(for exchange: SimulatedExchange) -> [ExchangeFault] {
            faults.filter { $0.applies(to: exchange) }.map(\.value)
        }
    }
}
