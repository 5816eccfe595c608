import Foundation
import LacriptaCore
import LacriptaNet
import LacriptaTerminal
import LacriptaWebSocket

/// Everything a command needs from the outside world, injected so tests can run commands
/// in-process with recorded output, a fixed clock and fakes.
public struct Context: Sendable {
    /// The process environment.
    public var environment: [String: String]
    /// Standard output.
    public var stdout: any TerminalOutput
    /// Standard error.
    public var stderr: any TerminalOutput
    /// What standard output is (terminal or not, colour, width).
    public var stdoutCapabilities: TerminalCapabilities
    /// What standard error is.
    public var stderrCapabilities: TerminalCapabilities
    /// The current time (relative dates, "fetched at").
    public var now: @Sendable () -> Date
    /// The clock for waits (refresh intervals, backoff).
    public var clock: any Clock<Duration>
    /// Sends REST requests.
    public var transport: any HTTPTransport
    /// Configuration resolved from environment and config file.
    public var configuration: Configuration
    /// Opens WebSocket connections (the native client on Linux, URLSession on Apple platforms).
    public var webSocketClient: any WebSocketClient
    /// The terminal's size now (asked again on every redraw, so resizes are followed).
    public var stdoutSize: @Sendable () -> TerminalSize
    /// The theme `--theme` chose for this run, over the settings; nil when not given. The
    /// capabilities already draw in it; `lacripta config` names it as the theme's origin.
    public var themeOption: ThemeName?

    /// Creates a context.
    public init(
        environment: [String: String], stdout: any TerminalOutput, stderr: any TerminalOutput,
        stdoutCapabilities: TerminalCapabilities, stderrCapabilities: TerminalCapabilities,
        now: @escaping @Sendable () -> Date, clock: any Clock<Duration>, transport: any HTTPTransport,
        configuration: Configuration,
        webSocketClient: (any WebSocketClient)? = nil,
        stdoutSize: (@Sendable () -> TerminalSize)? = nil
    ) {
        self.environment = environment
        self.stdout = stdout
        self.stderr = stderr
        self.stdoutCapabilities = stdoutCapabilities
        self.stderrCapabilities = stderrCapabilities
        self.now = now
        self.clock = clock
        self.transport = transport
        self.configuration = configuration
        self.webSocketClient =
            webSocketClient
            ?? WebSocketClients.platformDefault(
                options: WebSocketClientOptions(caFile: configuration.caFile, userAgent: LacriptaVersion.userAgent))
        let fixed = TerminalSize(columns: stdoutCapabilities.width, rows: stdoutCapabilities.height)
        self.stdoutSize = stdoutSize ?? { fixed }
    }

    /// The WebSocket client for feeds whose messages only redraw a view: each connection reads
    /// at most every two frames (100 ms), so four exchanges sending 200 quotes a second wake the
    /// process about 40 times a second instead of 800. With several connections their reads fall
    /// between each other's, so the view still redraws up to 20 times a second; a row's figures
    /// are at most 100 ms old when drawn. (`make bench`: `compare` on a terminal went from 7 % of
    /// a core to 3 % with reads paced to one frame, 1.4 % with two.)
    var viewWebSocketClient: any WebSocketClient {
        webSocketClient.pacingReads(every: ViewDriver<Never>.frameInterval * 2)
    }

    /// The WebSocket client for exchange feeds whose every quote becomes a line (`compare --json`,
    /// `live --json` without a key): reads paced to one frame (50 ms), so what an exchange sends
    /// meanwhile comes in one read and leaves in one write. Nothing is dropped: the bytes wait in
    /// the kernel. (`make bench`: `compare --json` against four exchanges at 200 quotes a second.)
    var lineWebSocketClient: any WebSocketClient {
        webSocketClient.pacingReads(every: ViewDriver<Never>.frameInterval)
    }

    /// The CryptoCompare REST client for this context, with the on-disk cache.
    var client: CryptoCompareClient {
        CryptoCompareClient(configuration: configuration, transport: transport, cache: cache, now: now)
    }

    /// The CoinGecko client for this context, with the on-disk cache.
    var coinGecko: CoinGeckoClient {
        CoinGeckoClient(configuration: configuration, transport: transport, cache: cache, now: now)
    }

    private var cache: ResponseCache { ResponseCache(directory: configuration.cacheDirectory) }

    /// The user's store (favourites, holdings) under `$XDG_DATA_HOME/lacripta`.
    var store: UserStore { UserStore(directory: UserStore.directory(environment: environment)) }

    /// The user's favourite tickers for marking rows; a store that cannot be read is said once on
    /// stderr and leaves the rows unmarked, since a broken favourites file must not stop `top`.
    func favoriteSymbols() -> Set<String> {
        do {
            return Set(try store.favorites().symbols)
        } catch {
            printError(StyledText("note: favourites not shown: \(Sanitizer.singleLine(error.userMessage))", style: .warning))
            return []
        }
    }

    /// The provider `choice` (a command's `--source`, else the configured one) means here: `auto`
    /// is CryptoCompare when a key is configured, the public sources otherwise.
    func provider(_ choice: SourceChoice?) -> DataProvider {
        (choice ?? configuration.source).resolved(hasCryptoCompareKey: configuration.apiKey != nil)
    }

    /// The market-data source for `provider`.
    func marketSource(_ provider: DataProvider) -> any MarketDataSource {
        switch provider {
        case .cryptoCompare: client
        case .publicSources: coinGecko
        }
    }

    /// The news source for `provider`.
    func newsSource(_ provider: DataProvider) -> any NewsSource {
        switch provider {
        case .cryptoCompare: CryptoCompareNews(client: client)
        case .publicSources:
            recordingFeedStatus(
                FeedNews(
                    outlets: newsOutlets, transport: transport, cache: cache, timeout: configuration.requestTimeout,
                    coins: coinGecko, now: now))
        }
    }

    /// Writes styled lines to standard output, coloured only if stdout takes colour.
    func print(_ lines: [StyledText]) throws(TerminalOutputError) {
        try stdout.write(stdoutCapabilities.renderer.render(lines: lines))
    }

    /// Writes plain text to standard output as is.
    func printRaw(_ text: String) throws(TerminalOutputError) {
        try stdout.write(text)
    }

    /// Writes one line to standard error: sanitised, and with the API key redacted in case any
    /// path ever carried it.
    func printError(_ line: StyledText) {
        var text = stderrCapabilities.renderer.render(line)
        for key in configuration.secrets { text = key.redact(text) }
        // Nothing sensible is left to do when stderr itself is gone.
        try? stderr.write(text + "\n")
    }

    /// Prints a failure on stderr, the one way every failure is printed, and returns its exit code.
    @discardableResult
    func report(_ report: ErrorReport) -> ExitCode {
        // Nothing sensible is left to do when stderr itself is gone.
        try? stderr.write(report.rendered(for: stderrCapabilities, redacting: configuration.secrets))
        return report.exitCode
    }

    /// Says on stderr that the data shown is cached, how old it is, and why the fresh request failed.
    func reportOffline<Value>(_ fetched: Fetched<Value>) {
        reportOffline(fetchedAt: fetched.fetchedAt, reason: fetched.offlineReason)
    }

    /// The same for data fetched at `fetchedAt`, offline when `reason` is set.
    func reportOffline(fetchedAt: Date, reason: LacriptaError?) {
        guard let reason else { return }
        let age = RelativeDateFormatter(now: now()).string(for: fetchedAt)
        printError(StyledText("offline: data from \(age) (\(Sanitizer.singleLine(reason.userMessage)))", style: .warning))
    }
}
