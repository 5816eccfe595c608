import Foundation
import LacriptaCore
import LacriptaTerminal

/// `top --watch` as a view `ViewDriver` runs: a refresh timer, each refresh a fetch in flight
/// while the loop keeps answering signals (so Ctrl-C during a slow request ends at once), and
/// the table redrawn in place on a terminal or printed as a new block elsewhere.
struct WatchView: DrivenView {
    /// The top command whose options (limit, currency, sort, …) apply to every refresh.
    let command: TopCommand
    /// Seconds between refreshes.
    let interval: Int
    /// Outputs, clock and client.
    let context: Context
    private var state = WatchState()

    /// What the timer and the fetches report.
    enum Event: Sendable {
        /// Time for the next refresh.
        case refreshDue
        /// A refresh came back.
        case fetched(Result<Fetched<Toplist>, LacriptaError>)
    }

    /// A view refreshing `command`'s toplist every `interval` seconds.
    init(command: TopCommand, interval: Int, context: Context) {
        self.command = command
        self.interval = interval
        self.context = context
        favorites = context.favoriteSymbols()
    }

    /// The user's favourites, read once: their rows carry a ★.
    private let favorites: Set<String>

    /// The table's presenter.
    private var presenter: ToplistPresenter {
        var presenter = ToplistPresenter(currency: command.currency, period: command.period)
        presenter.favorites = favorites
        return presenter
    }

    /// The refresh timer, whose first refresh is due at once.
    mutating func start(at now: Date) -> ViewReaction<Event> {
        let clock = context.clock
        let interval = Duration.seconds(interval)
        return ViewReaction(work: [
            .task { inbox in
                repeat { inbox.send(.refreshDue) } while (try? await clock.sleep(for: interval)) != nil
            }
        ])
    }

    /// A refresh starts a fetch; its answer is drawn (or printed); signals stop or redraw.
    mutating func handle(_ input: ViewInput<Event>, at now: Date) throws -> ViewReaction<Event> {
        switch input {
        case .event(.refreshDue):
            // A refresh slower than the interval is not doubled up; the next tick tries again.
            guard !state.loading else { return .nothing }
            state.loading = true
            let command = command
            let market = context.marketSource(command.provider)
            let store = context.store
            return ViewReaction(work: [
                .task { inbox in inbox.send(.fetched(await WatchState.fetch(command: command, from: market, store: store))) }
            ])
        case .event(.fetched(let result)):
            state.take(result, command: command)
            guard context.stdoutCapabilities.isTerminal else {
                try printBlock()
                return .nothing
            }
            return .draw(.now)
        case .signal(.stop):
            return .stop
        case .signal(.resize), .signal(.continued):
            return .draw(.now)
        case .tick:
            return .nothing
        }
    }

    /// On a terminal: the header, the table (once there is one) and the status line.
    func frame(at now: Date) -> ViewFrame? {
        guard context.stdoutCapabilities.isTerminal, state.fetchedAt != nil || state.lastError != nil else { return nil }
        let size = context.stdoutSize()
        var lines = [header]
        if let coins = state.coins {
            lines += coins.isEmpty ? [StyledText(presenter.noCoinsMessage)] : presenter.table(coins, width: size.columns)
        }
        lines.append(state.statusLine(now: now, source: context.marketSource(command.provider).attribution))
        return ViewFrame(lines: lines, size: size)
    }

    /// Off a terminal every refresh is a new block; failures go to stderr and the loop goes on.
    private func printBlock() throws {
        if let error = state.lastError, state.errorIsNew { context.report(.failure(error)) }
        guard state.dataIsNew, let coins = state.coins else { return }
        let table = coins.isEmpty ? [StyledText(presenter.noCoinsMessage)] : presenter.table(coins, width: context.stdoutCapabilities.width)
        let market = context.marketSource(command.provider)
        let source = command.favoritesOnly ? FavCommand.footer(market) : ToplistPresenter.footer(market)
        try context.print([header] + table + [source, StyledText("")])
    }

    /// What is shown, how often, and when it was fetched.
    private var header: StyledText {
        var text = "lacripta top · \(command.currency) · change \(command.period.rawValue) · every \(interval) s"
        if let fetchedAt = state.fetchedAt { text += " · fetched \(UTCDateFormatter.time(fetchedAt)) UTC" }
        if context.stdoutCapabilities.isTerminal { text += " · Ctrl-C to quit" }
        return StyledText(text, style: .bold)
    }
}
