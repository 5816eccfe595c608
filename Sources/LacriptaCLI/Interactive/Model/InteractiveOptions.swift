import LacriptaCore

/// How the interactive view starts: the toplist settings from `lacripta top` options or the
/// configuration, plus its timings and limits.
struct InteractiveOptions: Sendable, Hashable {
    /// Quote currency shown first.
    var currency: String
    /// Currencies `u` cycles through: USD, EUR and the configured ones, without duplicates.
    var currencies: [String]
    /// Change period shown first.
    var period: ChangePeriod = .rolling24h
    /// Sort column shown first.
    var order: CoinOrder = .rank
    /// Whether the sort starts reversed.
    var reversed = false
    /// How many coins the toplist holds.
    var limit = 50
    /// Seconds between REST refreshes of the toplist.
    var refreshInterval = 60
    /// The change periods the source fills; `c` cycles through these only.
    var periods = ChangePeriod.allCases
    /// Where the toplist comes from and how it is ranked, for the status row.
    var source = ""
    /// The provider behind the view's toplist and news.
    var provider = DataProvider.cryptoCompare
    /// The most pairs subscribed at once. The service allows 600 per socket on a free key; the view
    /// never needs more than a screenful plus the live detail, and staying far below leaves room for
    /// other screens sharing the socket.
    var subscriptionLimit = 100
    /// Whether the holdings screen hides amounts and values (`hide_amounts`, for screen-sharing).
    var hideAmounts = false

    /// Whether live prices come from exchanges' public tickers (no key) rather than the streamer:
    /// a row then takes its coin's price from whichever exchange lists it.
    var liveFromExchanges = false
    /// The exchanges `x` compares a coin across.
    var compareExchanges = Exchange.compareDefaults
    /// The hysteresis of repeating alerts, as `alert watch` uses it.
    var alertHysteresis = 0.005
    /// Which key does what on each screen (the defaults with the `key.*` settings in place).
    var keymap = Keymap.standard

    /// The default refresh interval, in seconds.
    static let defaultRefreshInterval = 60

    /// `period` after `current` among the source's periods (CoinGecko has no "day").
    func period(after current: ChangePeriod) -> ChangePeriod {
        var next = current.next
        while !periods.contains(next) && next != current { next = next.next }
        return next
    }

    /// Options for `currency`, with `configured` added to the cycle after USD and EUR.
    init(currency: String, configured: [String]) {
        self.currency = currency
        var list: [String] = []
        for code in ["USD", "EUR"] + configured + [currency] where !list.contains(code.uppercased()) {
            list.append(code.uppercased())
        }
        currencies = list
    }
}
