import Foundation
import LacriptaCore
import LacriptaTerminal

/// Sets up one `lacripta alert watch` from the context: the live prices for the configured
/// provider, and the delivery channels that apply here.
struct AlertWatchSession {
    let store: UserStore
    let once: Bool
    /// The program to run per alert (`--exec`, else `alert_exec`), as the user named it.
    let exec: AlertProgram?
    let provider: DataProvider
    let context: Context

    /// How long a program run for an alert may take.
    static let programTimeout: Duration = .seconds(10)

    /// The live prices for the configured provider: CryptoCompare's streamer (its CCCAGG index)
    /// with a key, else exchanges' public tickers (Coinbase, else Kraken), keeping every quote: a
    /// crossing that lasted less than a frame is still a crossing.
    func livePrices() -> any LivePrices {
        let configuration = context.configuration
        let clock = context.clock
        switch provider {
        case .cryptoCompare:
            return PriceFeed(
                client: context.webSocketClient, url: configuration.streamURL, apiKey: configuration.apiKey, subscriptions: [], clock: clock,
                configuration: PriceFeedConfiguration(fields: [PriceFieldSet(.price), .flags]))
        case .publicSources:
            let client = context.webSocketClient
            return ExchangePrices(clock: clock) { exchange, pairs in
                ExchangeFeed(
                    exchange: exchange, url: configuration.exchangeURL(exchange), pairs: pairs, client: client, clock: clock, keeping: .everything)
            }
        }
    }

    func run() async throws -> ExitCode {
        let configuration = context.configuration
        let context = self.context
        let watch = AlertWatch(
            store: store, prices: livePrices(), notifier: try notifiers(), once: once, hysteresis: configuration.alertHysteresis,
            idlePoll: .seconds(2), clock: context.clock, now: context.now,
            report: { context.report(.notice($0)) })
        return try await Self.untilStopped { try await watch.run() }
    }

    /// Runs `body` until it returns or the user stops the watch (Ctrl-C, kill, the terminal
    /// closed): a watch left running for hours ends with 0 and a normal close of its connection,
    /// not a death by signal.
    static func untilStopped(_ body: @escaping @Sendable () async throws -> ExitCode) async throws -> ExitCode {
        let (stops, stopped) = AsyncStream.makeStream(of: Void.self)
        let signals = SignalEvents { event in
            if event == .stop { stopped.yield() }
        }
        defer {
            signals.cancel()
            stopped.finish()
        }
        return try await withThrowingTaskGroup(of: ExitCode.self) { group in
            group.addTask { try await body() }
            group.addTask {
                for await _ in stops { return .success }
                return .success
            }
            let first = try await group.next() ?? .success
            group.cancelAll()
            return first
        }
    }

    /// The channels: the line always; on a terminal the desktop escapes and the bell; notify-send
    /// when there is a desktop; the user's program when one is named (a name that cannot be found
    /// is a usage error now, not a failure at every alert).
    func notifiers() throws -> AlertNotifiers {
        try Self.notifiers(
            first: LineAlertNotifier(output: context.stdout, renderer: context.stdoutCapabilities.renderer), exec: exec, context: context)
    }

    /// `first` (the line, or none where a screen shows the alert itself), then the channels every
    /// run that fires alerts shares: the terminal's own notification and bell when standard output
    /// is a terminal, notify-send when there is a desktop, and the user's program `exec`. Throws a
    /// usage error (64), naming the setting, when `exec` names nothing that can run.
    static func notifiers(first: (any AlertNotifier)?, exec: AlertProgram?, context: Context) throws -> AlertNotifiers {
        var channels: [any AlertNotifier] = first.map { [$0] } ?? []
        if context.stdoutCapabilities.isTerminal {
            let insideTmux = context.environment[ProcessVariable.tmux.rawValue]?.isEmpty == false
            channels.append(TerminalAlertNotifier(output: context.stdout, insideTmux: insideTmux))
        }
        if let notifySend = NotifySendAlertNotifier.available(environment: context.environment, clock: context.clock) {
            channels.append(notifySend)
        }
        if let exec {
            let executable = try executable(exec, context: context)
            channels.append(
                ProgramAlertNotifier(
                    program: exec.command, executable: executable, environment: context.environment, timeout: programTimeout,
                    clock: context.clock))
        }
        return AlertNotifiers(channels: channels)
    }

    /// The channels for a view that fires alerts beside its own work (`live`, the full-screen
    /// view): as `notifiers(first:exec:context:)` with the configured `alert_exec`; a program that
    /// cannot be found is left out and said once through `report`, since the view has its own job.
    static func viewNotifiers(first: (any AlertNotifier)?, context: Context, report: (String) -> Void) -> AlertNotifiers {
        do {
            return try notifiers(first: first, exec: context.configuration.alertExec, context: context)
        } catch {
            report("\((error as? LacriptaError)?.userMessage ?? "alert_exec cannot be run"); alerts are shown without it")
            return (try? notifiers(first: first, exec: nil, context: context)) ?? AlertNotifiers(channels: [])
        }
    }

    /// The file to run for `program`, checked now rather than when the first alert fires (a
    /// one-shot alert would be used up by then); the message names the setting it came from.
    static func executable(_ program: AlertProgram, context: Context) throws(LacriptaError) -> String {
        switch ProgramRunner.locate(program.command, searchPath: context.environment[ProcessVariable.path.rawValue]) {
        case .success(let executable): return executable
        case .failure(let failure):
            let message = "\(program.origin) names \(Sanitizer.singleLine(program.command)), which cannot be run: \(failure.reason)"
            // Both exit 64; only the option is a mistake on the command line worth its usage lines.
            throw program.origin == "--exec" ? .usage(message) : .configuration(message)
        }
    }
}
