import Foundation
import LacriptaCore
import LacriptaTerminal

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
    /// Whether a refresh is out; another is not started meanwhile.
    var loading = false

    /// Takes a refresh's outcome, keeping the old table when it failed.
    mutating func take(_ result: Result<Fetched<Toplist>, LacriptaError>, command: TopCommand) {
        loading = false
        dataIsNew = false
        errorIsNew = false
        switch result {
        case .success(let fetched):
            coins = command.order.apply(to: fetched.value.coins, period: command.period, reversed: command.reversed)
            fetchedAt = fetched.fetchedAt
            offline = fetched.isOffline
            lastError = fetched.offlineReason
            dataIsNew = true
            errorIsNew = fetched.offlineReason != nil
        case .failure(let error):
            lastError = error
            errorIsNew = true
        }
    }

    /// Fetches the toplist `command` asks for, or with `--favorites` the favourites `store` holds
    /// now (read on every refresh, so a `fav add` elsewhere shows up); any failure as a
    /// `LacriptaError`.
    static func fetch(command: TopCommand, from market: any MarketDataSource, store: UserStore) async -> Result<Fetched<Toplist>, LacriptaError> {
        do {
            if command.favoritesOnly {
                let coins = try await market.coins(symbols: try store.favorites().symbols, currency: command.currency)
                let toplist = Toplist(currency: command.currency, coins: coins.value)
                return .success(Fetched(value: toplist, fetchedAt: coins.fetchedAt, offlineReason: coins.offlineReason))
            }
            return .success(try await market.toplist(currency: command.currency, limit: command.limit))
        } catch let error as LacriptaError {
            return .failure(error)
        } catch {
            return .failure(.service(String(describing: error)))
        }
    }

    /// The status line under the table: the error (keeping the data) or all is well.
    /// `source` names where the data comes from ("CoinGecko, ranked by market cap").
    func statusLine(now: Date, source: String) -> StyledText {
        if let lastError {
            // The age comes first: on a narrow terminal the long reason is what gets truncated.
            let age = fetchedAt.map { "showing data from \(RelativeDateFormatter(now: now).string(for: $0)) · " } ?? ""
            return StyledText("⚠ \(age)\(Sanitizer.singleLine(lastError.userMessage))", style: .warning)
        }
        return StyledText("\(source) · refreshes automatically", style: .secondary)
    }
}
