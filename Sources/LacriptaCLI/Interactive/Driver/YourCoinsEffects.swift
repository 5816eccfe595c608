import Foundation
import LacriptaCore
import LacriptaTerminal

/// The I/O behind the user's coins in the full-screen view: the store (read, and favourites
/// written atomically under its lock), quotes for coins outside the toplist, a coin's detail,
/// prices and candles, and the coin list. Each turns into the event that reports it; a failure is a
/// `LacriptaError` the model shows on the status row, never a crash.
struct YourCoinsEffects: Sendable {
    /// Where prices, details, histories and the coin list come from.
    let market: any MarketDataSource
    /// The user's store.
    let store: UserStore
    /// How the ledger's sales take lots (`cost_method`).
    var method = CostMethod.fifo
    /// Kraken's and Coinbase's public candles, asked before the market source's own.
    var exchangeCandles: ExchangeCandlesClient?
    /// The time now (the chart's last day when the source has no close yet).
    var now: @Sendable () -> Date = { Date() }

    /// Reads favourites, holdings and the journal, and books the ledger (a transaction it cannot
    /// apply is named with its line, as `lacripta holdings` names it).
    func loadStore() -> InteractiveEvent {
        do throws(LacriptaError) {
            let favorites = try store.favorites()
            let groups = favorites.groups.map { FavoriteGroup(name: $0, symbols: favorites.symbols(in: $0)) }
            let holdings = try store.holdings().holdings
            let journal = try store.journal()
            let book = try book(holdings, journal)
            let snapshot = StoreSnapshot(favorites: favorites.symbols, groups: groups, holdings: holdings, book: book)
            return .yours(.storeLoaded(.success(snapshot)))
        } catch {
            return .yours(.storeLoaded(.failure(error)))
        }
    }

    /// The holdings and the journal booked by `method`; a transaction the pass cannot apply is
    /// named with its line.
    private func book(_ holdings: [Holding], _ journal: Journal) throws(LacriptaError) -> LedgerBook {
        do throws(LedgerRefusal) {
            return try CostBasis.book(opening: holdings, transactions: journal.transactions, method: method)
        } catch {
            throw .unreadableFile(store.journalPath, line: journal.lineNumber(of: error.transaction) ?? 0, error.message)
        }
    }

    /// The portfolio's value over time in `currency`, as `holdings chart` draws it: the store read
    /// again (the journal may have changed since the screen opened), every coin's daily closes
    /// from the market source (its cache first), the history booked day by day.
    func portfolioChart(currency: String) async -> InteractiveEvent {
        do {
            let holdings = try store.holdings().holdings
            let journal = try store.journal()
            let symbols = try book(holdings, journal).symbols
            let chart = try await PortfolioChart.load(
                holdings: holdings, journal: journal, journalPath: store.journalPath, symbols: symbols, market: market, currency: currency,
                method: method, days: nil, now: now())
            return .yours(.portfolioChartLoaded(currency: currency, .success(chart)))
        } catch {
            return .yours(.portfolioChartLoaded(currency: currency, .failure(Self.lacriptaError(error))))
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

    /// A coin's detail and its prices over `range`, both at once; the ticker is resolved first
    /// when the source's key is not known (as `lacripta coin` does).
    func coin(symbol: String, id: String?, currency: String, range: ChartRange) async -> InteractiveEvent {
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
            async let series = market.priceSeries(id: coinID, currency: currency, range: range)
            let load = CoinLoad(id: coinID, name: name, note: note, detail: try await detail, series: try await series, range: range)
            return .yours(.coinLoaded(symbol: symbol, currency: currency, .success(load)))
        } catch {
            return .yours(.coinLoaded(symbol: symbol, currency: currency, .failure(Self.lacriptaError(error))))
        }
    }

    /// A coin's prices over `range`, at the source's finest spacing for it (`coin --days`).
    func history(symbol: String, id: String, currency: String, range: ChartRange) async -> InteractiveEvent {
        do {
            let fetched = try await market.priceSeries(id: id, currency: currency, range: range)
            return .yours(.historyLoaded(symbol: symbol, currency: currency, range: range, .success(fetched)))
        } catch {
            return .yours(.historyLoaded(symbol: symbol, currency: currency, range: range, .failure(Self.lacriptaError(error))))
        }
    }

    /// A coin's candles over a range at the range's default width, from the chain `coin
    /// --candles` asks (Kraken, Coinbase, then the market source); without the exchanges' client,
    /// the market source alone.
    func candles(_ request: CandleRequest) async -> InteractiveEvent {
        let coin = CoinListEntry(id: request.id, symbol: request.symbol, name: request.name)
        let width = CandleChain.defaultInterval(for: request.range)
        do {
            let answer: CandleChain.Answer
            if let exchangeCandles {
                answer = try await CandleChain(exchanges: exchangeCandles, market: market).candles(
                    coin: coin, currency: request.currency, range: request.range, interval: width)
            } else if let fetched = try await market.candles(id: request.id, currency: request.currency, range: request.range, interval: width),
                !fetched.value.candles.isEmpty
            {
                answer = CandleChain.Answer(series: fetched)
            } else {
                throw LacriptaError.unknownSymbol(Sanitizer.singleLine(request.symbol), detail: "\(market.name) has no candles for it")
            }
            return .yours(.candlesLoaded(request, .success(answer)))
        } catch {
            return .yours(.candlesLoaded(request, .failure(Self.lacriptaError(error))))
        }
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
