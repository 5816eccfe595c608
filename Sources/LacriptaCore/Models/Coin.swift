/// One row of the toplist: a coin and, when the service had them, its market figures.
public struct Coin: Sendable, Equatable {
    /// 1-based position in the toplist (CryptoCompare: by top-tier volume; CoinGecko: by market cap).
    public var rank: Int
    /// The ticker, e.g. BTC.
    public var symbol: String
    /// The full name, e.g. Bitcoin.
    public var name: String
    /// Market figures in the requested currency; nil when the service sent no RAW block.
    public var quote: Quote?
    /// The source's own key for the coin when the ticker is not one (CoinGecko's `bitcoin`, needed
    /// for its detail and chart calls because tickers repeat); nil for CryptoCompare.
    public var sourceID: String?

    /// Creates a coin.
    public init(rank: Int, symbol: String, name: String, quote: Quote?, sourceID: String? = nil) {
        self.rank = rank
        self.symbol = symbol
        self.name = name
        self.quote = quote
        self.sourceID = sourceID
    }
}

/// A page of the toplist.
public struct Toplist: Sendable, Equatable {
    /// The quote currency asked for.
    public var currency: String
    /// Coins in rank order.
    public var coins: [Coin]

    /// Creates a toplist.
    public init(currency: String, coins: [Coin]) {
        self.currency = currency
        self.coins = coins
    }
}
