import Foundation
import LacriptaCore
import LacriptaTerminal

/// Runs one `lacripta live`: builds the live prices (with a line sink off a terminal or with --json)
/// and runs `LiveRun` on a `ViewDriver`, redrawing a table on a terminal; maps feed failures to
/// `LacriptaError`, and exits 65 when the streamer refused every pair.
struct LiveSession: Sendable {
    let command: LiveCommand
    let context: Context
    /// The live prices: the streamer with a key, exchanges' tickers without.
    let prices: any LivePrices
    /// Off a terminal, the lines are made on the feed as updates merge; on a terminal, updates
    /// arrive as events and the table is redrawn.
    private let lines: LiveLineSink?
    /// Off a terminal with alerts stored, the sink in front of `lines` that copies out the
    /// prices alerts watch.
    private let alertTap: AlertTickTap?

    /// A session for `command`, with a feed reading only the figures `live` shows.
    init(command: LiveCommand, context: Context) {
        self.command = command
        self.context = context
        if context.stdoutCapabilities.isTerminal && !command.json {
            lines = nil
        } else {
            let form: LiveLineSink.Form =
                command.json
                ? .json : .plain(currency: command.currency, renderer: context.stdoutCapabilities.renderer, now: context.now)
            lines = LiveLineSink(
                output: context.stdout, form: form, subscriptions: command.subscriptions, limit: command.count ?? .max,
                matchingAnyMarket: command.isKeyless)
        }
        // A store without alerts costs a plain `live --json` nothing: no tap in front of its lines.
        let hasAlerts = (try? context.store.alerts().alerts.isEmpty == false) ?? false
        let tap = lines.flatMap { hasAlerts ? AlertTickTap(forwardingTo: $0, now: context.now) : nil }
        alertTap = tap
        let sink: (any PriceUpdateSink)? = tap ?? lines
        if command.isKeyless {
            // The table is redrawn at most 20 times a second; lines go out as quotes arrive.
            let drawsTable = lines == nil
            let client = drawsTable ? context.viewWebSocketClient : context.lineWebSocketClient
            let configuration = context.configuration
            let clock = context.clock
            // --market names the one exchange; else Coinbase, and Kraken for what Coinbase lacks.
            let primary = command.market ?? .coinbase
            let fallback: Exchange? = command.market == nil ? .kraken : nil
            prices = ExchangePrices(primary: primary, fallback: fallback, clock: clock, updateSink: sink) { exchange, pairs in
                // A table shows the newest quote of each pair; lines lose none.
                ExchangeFeed(
                    exchange: exchange, url: configuration.exchangeURL(exchange), pairs: pairs, client: client, clock: clock,
                    keeping: drawsTable ? .latest : .everything)
            }
        } else {
            prices = PriceFeed(
                client: context.webSocketClient, url: context.configuration.streamURL, apiKey: context.configuration.apiKey,
                subscriptions: command.subscriptions, clock: context.clock, configuration: PriceFeedConfiguration(fields: LiveLine.fields),
                updateSink: sink)
        }
    }

    /// Runs until the feed ends, --count or --duration is reached, or the user stops it.
    func run() async throws -> ExitCode {
        await prices.follow(command.subscriptions)
        let drawsTable = lines == nil
        var live = LiveRun(command: command, context: context, prices: prices, drawsTable: drawsTable, alertStore: context.store, alertTap: alertTap)
        defer { alertTap?.finish() }
        let screen: ViewScreen = drawsTable ? .inline(context.stdout, renderer: context.stdoutCapabilities.renderer) : .none
        // On a terminal the ages in the table move on every second, with or without ticks.
        let driver = ViewDriver<LiveRun.Event>(screen: screen, context: context, tickInterval: drawsTable ? .seconds(1) : nil)
        do {
            try await driver.run(&live)
            if let failure = live.failure { throw failure }
            try lines?.finish()
            try checkNothingValid(live.model)
            try checkSomethingArrived(live)
        } catch let error as PriceFeedError {
            await prices.stop()
            throw error.lacriptaError
        } catch {
            await prices.stop()
            throw error
        }
        return .success
    }

    /// Exit 69 when --duration passed without a single update: a market that accepted the
    /// connection and never answered is no success, however long the run lasted. When the
    /// streamer refused the connection for its socket limit, the wait is the cause: 75.
    private func checkSomethingArrived(_ live: LiveRun) throws {
        guard live.timeRanOut, live.updates == 0, lines?.wroteAny != true else { return }
        let seconds = command.duration ?? 0
        if case .rateLimited(let limit) = live.model.notice {
            let most = limit.map { " (at most \($0))" } ?? ""
            throw LacriptaError.limited(
                "Nothing arrived in \(seconds) s: the streamer refused the connection for too many open sockets\(most); free keys "
                    + "allow one socket per account. Close the other connection and try again.")
        }
        if let market = command.market {
            let setting = market.urlSetting.environmentKey?.rawValue ?? market.urlSetting.rawValue
            throw LacriptaError.refused(
                "Nothing arrived from \(market.name) in \(seconds) s: try again later, or check the network and \(setting).")
        }
        if command.isKeyless {
            throw LacriptaError.refused(
                "Nothing arrived from Coinbase or Kraken in \(seconds) s: try again later, or check the network and "
                    + "\(EnvironmentKey.coinbaseURL.rawValue) and \(EnvironmentKey.krakenURL.rawValue).")
        }
        throw LacriptaError.refused(
            "Nothing arrived from the streamer in \(seconds) s: try again later, or check the network and \(EnvironmentKey.streamURL.rawValue).")
    }

    /// Exit 65 when the streamer refused every requested pair.
    private func checkNothingValid(_ model: LiveModel) throws {
        guard model.everythingRefused else { return }
        let pairs = command.subscriptions.map { "\($0.from)/\($0.to)" }.joined(separator: ", ")
        throw LacriptaError.unknownSymbol(
            pairs,
            detail: command.market.map { "\($0.name) does not list them" }
                ?? (command.isKeyless ? "neither Coinbase nor Kraken lists them" : "the streamer has none of them"))
    }
}
