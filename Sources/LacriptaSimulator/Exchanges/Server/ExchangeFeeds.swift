import Foundation

/// The public WebSocket feeds of Coinbase, Kraken, Bitstamp and Bitfinex, served on 127.0.0.1,
/// one server (port) per exchange at the real feed's path: `ws://127.0.0.1:PORT/` (Coinbase,
/// Bitstamp), `/v2` (Kraken), `/ws/2` (Bitfinex). Each speaks its exchange's own message shapes
/// (reference `exchange-feeds.md`); the quotes of all four follow one shared random walk with
/// small per-exchange offsets and spreads. Faults are switched per exchange at start (`Options`)
/// or at run time (`ExchangeFeeds+Controls.swift`), and a log records what the clients sent and
/// the quotes that went out.
///
/// ```swift
/// let simulator = try SimulatorHarness.start(exchanges: .steered())
/// defer { simulator.stop() }
/// let feeds = try #require(simulator.exchanges)
/// // point the client at feeds.url(for: .kraken), then feeds.publishUpdates(3, on: .kraken)
/// ```
public final class ExchangeFeeds: Sendable {
    /// The options it was started with.
    public let options: Options
    /// The seed in use (the option's, or the random one picked at start), to replay a run.
    public let seed: UInt64

    let core: ExchangeFeedCore
    private let servers: [SimulatedExchange: WebSocketServer]

    /// Starts the four servers. `dataDirectory` holds the recorded toplist the opening prices come
    /// from. Throws `RecordedDataError` for missing data and `NetError` when a port is taken.
    public init(dataDirectory: URL, options: Options = Options()) throws {
        let catalog = PairCatalog(recorded: try RecordedData(directory: dataDirectory))
        var prices: [ExchangePair: Double] = [:]
        for pair in ExchangeListing.pairs {
            // A stable coin is priced as the dollar it tracks (the recorded toplist has no USDT).
            let quote = pair.quote == "USDT" ? "USD" : pair.quote
            if let price = catalog.openingQuote(for: StreamPair(from: pair.base, to: quote), time: 0)?[.price], price > 0 {
                prices[pair] = price
            }
        }
        let seed = options.seed ?? UInt64.random(in: .min ... .max)
        let core = ExchangeFeedCore(state: ExchangeFeedState(options: options, seed: seed, openingPrices: prices, startedAt: .now))
        var servers: [SimulatedExchange: WebSocketServer] = [:]
        do {
            for (index, exchange) in SimulatedExchange.allCases.enumerated() {
                let port = options.port == 0 ? 0 : options.port + UInt16(index)
                // `restricted` refuses every upgrade with Binance's 451, from the start.
                let behavior =
                    options.faults(for: exchange).contains(.restricted)
                    ? WebSocketServer.Behavior(upgrade: .reject(status: 451, body: ExchangeFault.restrictedBody)) : WebSocketServer.Behavior()
                servers[exchange] = try WebSocketServer(port: port, behavior: behavior, keepsConnections: false) { [core] connection in
                    core.admit(connection, on: exchange)
                }
            }
        } catch {
            for server in servers.values { server.stop() }
            throw error
        }
        self.options = options
        self.seed = seed
        self.core = core
        self.servers = servers
        core.startTimer()
    }

    /// Where `exchange`'s feed is served, e.g. `ws://127.0.0.1:PORT/v2` for Kraken.
    public func url(for exchange: SimulatedExchange) -> URL {
        servers[exchange]?.url(path: exchange.path) ?? URL(fileURLWithPath: "/")
    }

    /// The bound port of `exchange`.
    public func port(for exchange: SimulatedExchange) -> UInt16 {
        servers[exchange]?.port ?? 0
    }

    /// One line per exchange, `lacripta-sim: exchange Coinbase on ws://127.0.0.1:PORT/`.
    public var announcement: [String] {
        SimulatedExchange.allCases.map { "lacripta-sim: exchange \($0.name) on \(url(for: $0).absoluteString)" }
    }

    /// Stops the timer and the servers and drops every socket. Idempotent.
    public func stop() {
        core.stop()
        for server in servers.values { server.stop() }
    }

    deinit { stop() }
}
