import Foundation
import LacriptaCore

/// What the "your coins" work reports back to the model: the store read or written, prices,
/// a coin's detail and history, the coin list, and the search's debounce running out.
enum YourCoinsEvent: Sendable {
    /// The store was read: favourites and holdings, or why not.
    case storeLoaded(Result<StoreSnapshot, LacriptaError>)
    /// A favourite write finished: the favourites as the file now has them, or why not.
    case favoriteWritten(FavoriteWrite, Result<[String], LacriptaError>)
    /// Quotes for coins outside the toplist, in `currency`.
    case quotesLoaded(currency: String, Result<Fetched<[String: Quote]>, LacriptaError>)
    /// A coin's detail and its first range's line.
    case coinLoaded(symbol: String, currency: String, Result<CoinLoad, LacriptaError>)
    /// Another range's line of a coin.
    case historyLoaded(symbol: String, currency: String, range: ChartRange, Result<Fetched<PriceSeries>, LacriptaError>)
    /// A range's candles of a coin, with a note for each source passed over.
    case candlesLoaded(CandleRequest, Result<CandleChain.Answer, LacriptaError>)
    /// The source's whole coin list, indexed for search.
    case coinListLoaded(Result<Fetched<CoinSearch>, LacriptaError>)
    /// The search field has been still long enough: search for what it says at `generation`.
    case searchDue(generation: Int)
    /// The portfolio's value over time in `currency`, for the holdings screen's chart.
    case portfolioChartLoaded(currency: String, Result<PortfolioChart, LacriptaError>)
}

/// The user's store as read at one moment.
struct StoreSnapshot: Sendable, Equatable {
    /// The favourite tickers, in the file's order.
    var favorites: [String]
    /// The named watchlist groups with their tickers, in the file's order.
    var groups: [FavoriteGroup] = []
    /// The holdings, in the file's order.
    var holdings: [Holding]
    /// The holdings and the journal booked by the configured cost method (nil: not read).
    var book: LedgerBook? = nil
}

/// A coin's detail page as fetched: the key the source knows it by, the figures and one range's
/// prices.
struct CoinLoad: Sendable {
    /// The source's key (CoinGecko's id, CryptoCompare's ticker), for later history requests.
    var id: String
    /// The coin's name from the list it was found in, for sources whose detail has none.
    var name: String
    /// "ETH names 3 coins; showing Ethereum…", when the ticker was not one coin's alone.
    var note: String?
    /// The figures.
    var detail: Fetched<CoinDetail>
    /// The prices over `range`.
    var series: Fetched<PriceSeries>
    /// The range fetched.
    var range: ChartRange
}

/// One range of a coin's candles, as the detail screen asks for them (the chain wants the
/// ticker for the exchanges and the source's key for the source's own).
struct CandleRequest: Sendable, Equatable {
    var symbol: String
    var id: String
    var name: String
    var currency: String
    var range: ChartRange
}

/// What the model asks the "your coins" work to do; values, so tests check them.
enum YourCoinsEffect: Sendable, Equatable {
    /// Read favourites and holdings; answer with `.storeLoaded`.
    case loadStore
    /// Star or unstar a coin in the store (atomic, under the lock); answer with `.favoriteWritten`.
    case writeFavorite(FavoriteWrite)
    /// Price `symbols` in `currency` with one request; answer with `.quotesLoaded`.
    case fetchQuotes(symbols: [String], currency: String)
    /// Fetch a coin's detail and its prices over `range` (resolving the ticker when `id` is
    /// nil); answer with `.coinLoaded`.
    case fetchCoin(symbol: String, id: String?, currency: String, range: ChartRange)
    /// Fetch a coin's prices over `range`; answer with `.historyLoaded`.
    case fetchHistory(symbol: String, id: String, currency: String, range: ChartRange)
    /// Fetch a coin's candles over a range (the exchanges first, as `coin --candles`); answer
    /// with `.candlesLoaded`.
    case fetchCandles(CandleRequest)
    /// Load the source's coin list (cached for a day); answer with `.coinListLoaded`.
    case fetchCoinList(currency: String)
    /// Answer with `.searchDue(generation)` after the debounce interval.
    case debounceSearch(generation: Int)
    /// Read the store again and fetch the daily closes of every coin the ledger has held, as
    /// `holdings chart` does; answer with `.portfolioChartLoaded`.
    case loadPortfolioChart(currency: String)
}
