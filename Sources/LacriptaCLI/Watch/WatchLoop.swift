import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta top --watch`: refreshes the toplist every interval. On a terminal it redraws in
/// place with a status line and keeps the last good table when a refresh fails; elsewhere it
/// prints each table after a timestamp line. Ctrl-C leaves the terminal clean and exits 0.
struct WatchLoop: Sendable {
    /// The top command whose options (limit, currency, sort, …) apply to every refresh.
    let command: TopCommand
    /// Seconds between refreshes.
    let interval: Int

    private enum Event: Sendable {
        case refresh
        case resize
        case stop
    }

    /// Runs until stopped by a signal or cancellation.
    func run(in context: Context) async throws -> ExitCode {
        let (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(8))
        let signals = SignalEvents { event in
            continuation.yield(event == .stop ? .stop : .resize)
        }
        defer { signals.cancel() }
        let ticker = Task {
            while !Task.isCancelled {
                continuation.yield(.refresh)
                try? await context.clock.sleep(for: .seconds(interval))
            }
        }
        defer { ticker.cancel() }
        let view = context.stdoutCapabilities.isTerminal ? WatchView.terminal(Screen(output: context.stdout)) : .plain
        if case .terminal(let screen) = view { try await screen.hideCursor() }
        var state = WatchState()
        do {
            loop: for await event in events {
                switch event {
                case .stop: break loop
                case .resize: break
                case .refresh: await state.refresh(command: command, context: context)
                }
                try await draw(state, view: view, context: context)
            }
        } catch {
            if case .terminal(let screen) = view { try? await screen.restore() }
            throw error
        }
        if case .terminal(let screen) = view { try await screen.restore() }
        return .success
    }

    private func draw(_ state: WatchState, view: WatchView, context: Context) async throws {
        let presenter = ToplistPresenter(currency: command.currency, period: command.period)
        switch view {
        case .terminal(let screen):
            let size = context.stdoutSize()
            var lines = [header(state, context: context)]
            if let coins = state.coins {
                lines += coins.isEmpty ? [StyledText(presenter.noCoinsMessage)] : presenter.table(coins, width: size.columns)
            }
            lines.append(state.statusLine(now: context.now()))
            try await screen.draw(lines, renderer: context.stdoutCapabilities.renderer, size: size)
        case .plain:
            // Off a terminal every refresh is a new block; failures go to stderr and the loop goes on.
            if let error = state.lastError, state.errorIsNew {
                context.printError(StyledText("lacripta: \(Sanitizer.singleLine(error.userMessage))"))
            }
            if state.dataIsNew, let coins = state.coins {
                let table = coins.isEmpty ? [StyledText(presenter.noCoinsMessage)] : presenter.table(coins, width: context.stdoutCapabilities.width)
                try context.print([header(state, context: context)] + table + [StyledText("")])
            }
        }
    }

    private func header(_ state: WatchState, context: Context) -> StyledText {
        var text = "lacripta top · \(command.currency) · change \(command.period.rawValue) · every \(interval) s"
        if let fetchedAt = state.fetchedAt { text += " · fetched \(UTCDateFormatter.time(fetchedAt)) UTC" }
        if context.stdoutCapabilities.isTerminal { text += " · Ctrl-C to quit" }
        return StyledText(text, style: .bold)
    }
}

/// Where the watch view draws.
private enum WatchView: Sendable {
    case terminal(Screen)
    case plain
}

/// What the watch view knows between refreshes: the last good data and the last failure.
struct WatchState: Sendable {
    /// The last good coins, sorted for display.
    var coins: [Coin]?
    /// When they were fetched (the cache time for offline data).
    var fetchedAt: Date?
    /// Set when the shown data came from the cache.
    var offline = false
    /// The last refresh's failure, cleared by a successful one.
    var lastError: LacriptaError?
    /// Whether the last refresh brought new data / a new error (for plain output).
    var dataIsNew = false
    var errorIsNew = false

    /// Fetches once, keeping the old table when the refresh fails.
    mutating func refresh(command: TopCommand, context: Context) async {
        dataIsNew = false
        errorIsNew = false
        do {
            let fetched = try await context.client.toplist(currency: command.currency, limit: command.limit)
            coins = command.order.apply(to: fetched.value.coins, period: command.period, reversed: command.reversed)
            fetchedAt = fetched.fetchedAt
            offline = fetched.isOffline
            lastError = fetched.offlineReason
            dataIsNew = true
            errorIsNew = fetched.offlineReason != nil
        } catch let error as LacriptaError {
            lastError = error
            errorIsNew = true
        } catch {
            lastError = .service(String(describing: error))
            errorIsNew = true
        }
    }

    /// The status line under the table: the error (keeping the data) or all is well.
    func statusLine(now: Date) -> StyledText {
        if let lastError {
            // The age comes first: on a narrow terminal the long reason is what gets truncated.
            let age = fetchedAt.map { "showing data from \(RelativeDateFormatter(now: now).string(for: $0)) · " } ?? ""
            return StyledText("⚠ \(age)\(Sanitizer.singleLine(lastError.userMessage))", style: .yellow)
        }
        return StyledText("live · refreshes automatically", style: .secondary)
    }
}
