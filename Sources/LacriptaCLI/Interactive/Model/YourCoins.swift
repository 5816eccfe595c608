import Foundation
import LacriptaCore

/// The user's own coins as the full-screen view knows them: the favourites and holdings read from
/// the store, the favourites-only switch, prices for coins outside the loaded toplist, and the
/// coin list the "add coin" search runs over.
///
/// The store is the truth: a toggled star shows at once, the write follows as an effect, and the
/// file's list (read back under the store's lock) replaces the optimistic one when the write
/// lands. Writes go out one at a time, in the order pressed, so `f f` never ends reversed.
struct YourCoins: Sendable {
    /// The favourite tickers, in the store's order (upper case).
    var favorites: [String] = []
    /// The holdings as recorded.
    var holdings: [Holding] = []
    /// The ledger: the holdings as opening lots and the journal's transactions, booked by the
    /// configured cost method; nil until the store is read with it.
    var book: LedgerBook?
    /// Whether the store has been read once.
    var storeLoaded = false
    /// The last store failure, in words (a read or a write); the status row shows it.
    var storeError: String?
    /// Favourite changes not yet written, oldest first; the first one is out while `writing`.
    var pendingWrites: [FavoriteWrite] = []
    /// Whether a favourite write is out.
    var writing = false

    /// Whether the toplist shows only favourites (`F`).
    var favoritesOnly = false
    /// The named watchlist groups, as the store has them.
    var groups: [FavoriteGroup] = []
    /// The group the favourites list shows (Tab cycles them); nil for every favourite.
    var shownGroup: String?

    /// The favourites the list shows: every one, or those of the shown group (a coin unstarred
    /// since the store was read is gone from its group at once).
    var shownFavorites: [String] {
        guard let shownGroup, let group = groups.first(where: { $0.name == shownGroup }) else { return favorites }
        return group.symbols.filter(favorites.contains)
    }

    /// The group after the shown one, in file order, then back to every favourite.
    var nextGroup: String? {
        guard let shownGroup, let index = groups.firstIndex(where: { $0.name == shownGroup }) else { return groups.first?.name }
        return index + 1 < groups.count ? groups[index + 1].name : nil
    }

    /// Quotes for coins the loaded toplist does not hold (favourites, holdings), in `quotesCurrency`.
    var quotes: [String: Quote] = [:]
    /// The currency `quotes` are in.
    var quotesCurrency: String?
    /// Whether a quotes request is out.
    var quotesLoading = false
    /// The tickers asked for since the last refresh, in `askedCurrency`: asked again only on a
    /// refresh, so a coin the source does not price costs one request, not one per answer.
    var asked: Set<String> = []
    /// The currency `asked` is about.
    var askedCurrency: String?
    /// The last quotes failure, in words.
    var quotesError: String?
    /// Names learned outside the toplist (from the coin list), by ticker.
    var names: [String: String] = [:]

    /// The search index over the source's whole coin list, once loaded (cached by the source for a day).
    var coinIndex: CoinSearch?
    /// Whether the coin list is being loaded.
    var coinIndexLoading = false
    /// Why the coin list could not be loaded.
    var coinIndexError: String?

    /// Whether `symbol` is a favourite.
    func isFavorite(_ symbol: String) -> Bool {
        favorites.contains(symbol.uppercased())
    }

    /// The quote fetched for `symbol` in `currency`, if any.
    func quote(for symbol: String, currency: String) -> Quote? {
        quotesCurrency == currency ? quotes[symbol.uppercased()] : nil
    }
}

/// One favourite change waiting to be written: star (`on`) or unstar `symbol`.
struct FavoriteWrite: Sendable, Equatable {
    /// The ticker, upper case.
    var symbol: String
    /// Whether it becomes a favourite.
    var on: Bool
}

/// One named watchlist group of the favourites file.
struct FavoriteGroup: Sendable, Equatable {
    /// Its name, as stored.
    var name: String
    /// Its tickers, in the file's order.
    var symbols: [String]
}
