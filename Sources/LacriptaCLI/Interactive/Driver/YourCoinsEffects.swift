import Foundation
import LacriptaCore
import LacriptaTerminal

/// The I/O behind the user's coins in the full-screen view: the store (read, and favourites
/// written atomically under its lock), quotes for coins outside the toplist, a coin's detail and
/// history, and the coin list. Each turns into the event that reports it; a failure is a
/// `LacriptaError` the model shows on the status row, never a crash.
struct YourCoinsEffects: Sendable {
    /// Where prices, details, histories and the coin list come from.
    let market: any MarketDataSource
    /// The user's store.
    let store: UserStore
    /// How the ledger's sales take lots (`cost_method`).
    var method = CostMethod.fifo

    /// Reads favourites, holdings and the journal, and books the ledger (a transaction it cannot
    /// apply is named with its line, as `lacripta holdings` names it).
    func loadStore() -> InteractiveEvent {
        do throws(LacriptaError) {
            let favorites = try store.favorites()
            let groups = favorites.groups.map { FavoriteGroup(name: $0, symbols: favorites.symbols(in: $0)) }
            let holdings = try store.holdings().holdings
            let journal = try store.journal()
            let book: LedgerBook
            do throws(LedgerRefusal) {
                book = try CostBasis.book(opening: holdings, transactions: journal.transactions, method: method)
            } catch {
                throw .unreadableFile(store.journalPath, line: journal.lineNumber(of: error.transaction) ?? 0, error.message)
            }
            let snapshot = StoreSnapshot(favorites: favorites.symbols, groups: groups, holdings: holdings, book: book)
            return .yours(.storeLoaded(.success(snapshot)))
        } catch {
            return .yours(.storeLoaded(.failure(error)))
        }
    }

    /// Stars or unstars one coin and reads back the list as the file now has it (another
    /// lacripta may have changed it meanwhile; its changes are kept).
    func write(_ change: FavoriteWrite) -> InteractiveEvent {
        do {
            let stored = try store.updateFavorites { favorites in
                if change.on { favorites.add(change.symbol) } else { favorites.remove(change.symbol) }
                return favorites.symbols
            }
            return .yours(.favoriteWritten(change, .success(stored)))
        } catch {
            return .yours(.favoriteWritten(change, .failure(Self.lacriptaError(error))))
        }
    }

    /// One request for the quotes of `symbols`; a ticker the source does not know is left out.
    func quotes(symbols: [String], currency: String) async -> InteractiveEvent {
        do {
            return .yours(.quotesLoaded(currency: currency, .success(try await market.availableQuotes(symbols: symbols, currency: currency))))
        } catch {
            return .yours(.quotesLoaded(currency: currency, .failure(Self.lacriptaError(error))))
        }
    }

    /// A coin's detail and `days` of history, both at once; the ticker is resolved first when
    /// the source's key is not known (as `lacripta coin` does).
    func coin(symbol: String, id: String?, currency: String, days: Int) async -> InteractiveEvent {
        do {
            var key = id
            var name = symbol
            var note: String?
            if key == nil {
                guard let resolution = try await market.resolveCoin(symbol) else {
                    throw LacriptaError.unknownSymbol(Sanitizer.singleLine(symbol), detail: "\(market.name) lists no coin by that ticker")
                }
                key = resolution.coin.id
                name = resolution.coin.name
                note = resolution.note
            }
            let coinID = key ?? symbol
            async let detail = market.detail(id: coinID, currency: currency)
            async let history = Self.prices(market, id: coinID, currency: currency, days: days)
            let load = CoinLoad(id: coinID, name: name, note: note, detail: try await detail, history: try await history, days: days)
            return .yours(.coinLoaded(symbol: symbol, currency: currency, .success(load)))
        } catch {
            return .yours(.coinLoaded(symbol: symbol, currency: currency, .failure(Self.lacriptaError(error))))
        }
    }

    /// `days` of a coin's history.
    func history(symbol: String, id: String, currency: String, days: Int) async -> InteractiveEvent {
        do {
            let fetched = try await Self.prices(market, id: id, currency: currency, days: days)
            return .yours(.historyLoaded(symbol: symbol, currency: currency, days: days, .success(fetched)))
        } catch {
            return .yours(.historyLoaded(symbol: symbol, currency: currency, days: days, .failure(Self.lacriptaError(error))))
        }
    }

    /// `days` of prices: a day's five-minute or a week's hourly series where `days` names one
    /// of those ranges, daily closes otherwise.
    static func prices(_ market: any MarketDataSource, id: String, currency: String, days: Int) async throws -> Fetched<PriceHistory> {
        guard days < 30, let range = ChartRange(rawValue: String(days)) else {
            return try await market.history(id: id, currency: currency, days: days)
        }
        return try await market.priceSeries(id: id, currency: currency, range: range).map(\.history)
    }

    /// The source's whole coin list, indexed (the list is cached for a day, so this is one
    /// request a day at most).
    func coinList(currency: String) async -> InteractiveEvent {
        do {
            return .yours(.coinListLoaded(.success(try await market.coinSearch(currency: currency))))
        } catch {
            return .yours(.coinListLoaded(.failure(Self.lacriptaError(error))))
        }
    }

    /// Any error as a `LacriptaError`.
    private static func lacriptaError(_ error: any Error) -> LacriptaError {
        if let error = error as? LacriptaError { return error }
        if error is CancellationError { return .unavailable("cancelled") }
        return .unavailable(Sanitizer.singleLine(String(describing: error)))
    }
}
