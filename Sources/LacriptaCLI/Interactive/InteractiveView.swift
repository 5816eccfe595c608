import Foundation
import LacriptaCore
import LacriptaTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The entry points of the interactive view: `lacripta` with no arguments on a terminal, and
/// `lacripta top --interactive`.
enum InteractiveView {
    /// The live prices for a run with a key: the streamer, as one `PriceFeed` (one socket) built
    /// from the configured stream URL and API key, reading only the figures the view shows.
    static func streamerPrices(for context: Context) -> any LivePrices {
        PriceFeed(
            client: context.webSocketClient, url: context.configuration.streamURL, apiKey: context.configuration.apiKey,
            subscriptions: [], clock: context.clock, configuration: PriceFeedConfiguration(fields: liveFields))
    }

    /// Live prices without a key: Coinbase's public ticker, else Kraken's, for the coins they
    /// list, replaced (after a pause) when the set of visible coins changes.
    static func exchangePrices(for context: Context) -> any LivePrices {
        let client = context.viewWebSocketClient
        let configuration = context.configuration
        let clock = context.clock
        // Rows of coins neither exchange lists refuse their set; the next rows still want prices.
        return ExchangePrices(debounce: exchangeDebounce, clock: clock, outliveTheirSets: true) { exchange, pairs in
            ExchangeFeed(exchange: exchange, url: configuration.exchangeURL(exchange), pairs: pairs, client: client, clock: clock, keeping: .latest)
        }
    }

    /// How long the keyless source waits after the visible coins change before it reconnects for
    /// the new set: long enough for a scroll to settle.
    static let exchangeDebounce: Duration = .milliseconds(750)

    /// The figures the view's screens read from the streamer: the price and its direction
    /// (FLAGS), the time of the last trade, the day's open, high and low for the live detail, and
    /// the opens of all three change periods, from which the toplist's change columns follow the
    /// live price. The feed steps over the other two dozen unparsed.
    static let liveFields: PriceFieldSet = [
        PriceFieldSet(.price), PriceFieldSet(.lastUpdate), PriceFieldSet(.openDay), PriceFieldSet(.highDay),
        PriceFieldSet(.lowDay), PriceFieldSet(.open24Hour), PriceFieldSet(.openHour), .flags,
    ]

    /// Whether the view can run here: standard input and output are both terminals that
    /// understand escape sequences.
    static func isAvailable(in context: Context) -> Bool {
        isAvailable(capabilities: context.stdoutCapabilities, environment: context.environment)
    }

    /// The same, from what is known before the configuration is read.
    static func isAvailable(capabilities: TerminalCapabilities, environment: [String: String]) -> Bool {
        capabilities.isTerminal && TerminalSize.isTerminal(fileDescriptor: STDIN_FILENO) && environment["TERM"] != "dumb"
    }

    /// The options for a plain `lacripta`: the configured currency, currencies and source,
    /// defaults otherwise.
    static func defaultOptions(_ context: Context, provider: DataProvider? = nil) -> InteractiveOptions {
        let configuration = context.configuration
        var options = InteractiveOptions(currency: configuration.defaultCurrency, configured: configuration.currencies)
        options.provider = provider ?? context.provider(nil)
        options.hideAmounts = configuration.hideAmounts
        let market = context.marketSource(options.provider)
        options.periods = market.changePeriods
        options.source = market.attribution
        options.refreshInterval = max(options.refreshInterval, market.minimumRefreshInterval)
        return options
    }

    /// Runs the view until the user quits; failures are reported once, after the terminal is back.
    static func run(_ options: InteractiveOptions, context: Context) async -> ExitCode {
        // The streamer needs a CryptoCompare key; without one, prices come from exchanges' tickers.
        var options = options
        options.liveFromExchanges = options.provider != .cryptoCompare
        options.alertHysteresis = context.configuration.alertHysteresis
        options.keymap = context.configuration.keymap
        let live = options.provider == .cryptoCompare ? streamerPrices(for: context) : exchangePrices(for: context)
        let session = InteractiveSession(context: context, options: options, livePrices: live, alertStore: context.store)
        do {
            return try await session.run()
        } catch {
            return context.report(.from(error))
        }
    }
}
