import Foundation

/// A running offline CryptoCompare, CoinGecko and set of news feeds: one REST server for the
/// three (`SimulatorRouter` splits it by path), and the streamer when one is plugged in.
public final class Simulator: Sendable {
    /// The CryptoCompare REST service, for changing faults, overrides and keys and reading the
    /// request log.
    public let rest: CryptoCompareREST
    /// The CoinGecko service (at `coinGeckoBaseURL`), for its faults and request log.
    public let coinGecko: CoinGeckoREST
    /// The news feeds (at `newsFeedURLs`), for their faults, delays and request log.
    public let feeds: NewsFeedServer
    /// The streamer, when a factory was given.
    public let stream: (any SimulatorStreamService)?
    /// The exchange feeds, when the configuration asked for them.
    public let exchanges: ExchangeFeeds?
    private let restServer: HTTPServer

    /// Loads the recorded data, starts the REST server and then the streamer (if any).
    public static func start(_ configuration: SimulatorConfiguration, stream: SimulatorStreamFactory? = nil) throws -> Simulator {
        let recorded = try RecordedData(directory: configuration.dataDirectory)
        var options = CryptoCompareREST.Options(fault: configuration.fault)
        if configuration.freshNews { options.newsNow = { Date().timeIntervalSince1970 } }
        let rest = CryptoCompareREST(recorded: recorded, options: options)
        if let key = configuration.requiredKey { rest.setRequiredAPIKey(key) }
        let coinGecko = CoinGeckoREST(
            data: try CoinGeckoData(directory: configuration.dataDirectory), rates: rest.rates, fault: configuration.coinGeckoFault)
        let feeds = try NewsFeedServer(
            directory: configuration.dataDirectory,
            options: NewsFeedServer.Options(
                freshDatesNow: configuration.freshNews ? Date() : nil, faults: configuration.feedFaults, delays: configuration.feedDelays))
        let router = SimulatorRouter(cryptoCompare: rest, coinGecko: coinGecko, feeds: feeds)
        let server = try HTTPServer(port: configuration.restPort, handler: router.handle)
        do {
            let context = SimulatorStreamContext(
                port: configuration.streamPort, dataDirectory: configuration.dataDirectory,
                requiredKey: configuration.requiredKey)
            let streamService = try stream?(context)
            do {
                let exchanges = try configuration.exchanges.map { try ExchangeFeeds(dataDirectory: configuration.dataDirectory, options: $0) }
                return Simulator(rest: rest, coinGecko: coinGecko, feeds: feeds, server: server, stream: streamService, exchanges: exchanges)
            } catch {
                streamService?.stop()
                throw error
            }
        } catch {
            server.stop()
            throw error
        }
    }

    private init(
        rest: CryptoCompareREST, coinGecko: CoinGeckoREST, feeds: NewsFeedServer, server: HTTPServer, stream: (any SimulatorStreamService)?,
        exchanges: ExchangeFeeds?
    ) {
        self.rest = rest
        self.coinGecko = coinGecko
        self.feeds = feeds
        restServer = server
        self.stream = stream
        self.exchanges = exchanges
    }

    /// The bound REST port.
    public var restPort: UInt16 { restServer.port }

    /// `http://127.0.0.1:PORT` (no trailing slash); append min-api paths such as `/data/price`.
    public var restBaseURL: URL {
        URL(string: "http://127.0.0.1:\(restServer.port)") ?? URL(fileURLWithPath: "/")
    }

    /// The start-up lines `lacripta-sim` prints, e.g. `lacripta-sim: REST on http://127.0.0.1:PORT`
    /// first, then the streamer, CoinGecko's base URL, Kraken's and Coinbase's REST candles (the
    /// values for `LACRIPTA_KRAKEN_API_URL` and `LACRIPTA_COINBASE_API_URL`), one line per feed and
    /// one per exchange (`lacripta-sim: exchange Coinbase on ws://127.0.0.1:PORT/`).
    public var announcement: [String] {
        var lines = ["lacripta-sim: REST on \(restBaseURL.absoluteString)"]
        if let stream { lines.append("lacripta-sim: stream on \(stream.url.absoluteString)") }
        lines.append("lacripta-sim: CoinGecko on \(coinGeckoBaseURL.absoluteString)")
        lines.append("lacripta-sim: Kraken REST candles on \(krakenAPIURL.absoluteString)")
        lines.append("lacripta-sim: Coinbase REST candles on \(coinbaseAPIURL.absoluteString)")
        for feed in SimulatedFeed.allCases {
            lines.append("lacripta-sim: feed \(feed.outletName) on \(feedURL(feed).absoluteString)")
        }
        lines += exchanges?.announcement ?? []
        return lines
    }

    /// Stops the exchange feeds, the streamer and the REST server; returns when no new connection is accepted.
    public func stop() {
        exchanges?.stop()
        stream?.stop()
        restServer.stop()
    }
}
