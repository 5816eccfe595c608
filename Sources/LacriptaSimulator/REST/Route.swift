/// The min-api paths the simulator answers, matched exactly like the real service does.
///
/// Matching is exact on purpose: `/data/v2/news/` works but `/data/v2/news` (no slash) is
/// "Path does not exist" on the real service, and clients must get that right.
enum Route: String, CaseIterable, Sendable {
    /// Toplist by top-tier volume (the one lacripta uses).
    case toplistTopTierVolume = "/data/top/totaltoptiervolfull"
    /// Toplist by total volume; served from the same recording.
    case toplistTotalVolume = "/data/top/totalvolfull"
    /// Toplist by market cap; served from the same recording.
    case toplistMarketCap = "/data/top/mktcapfull"
    /// Latest news; note the trailing slash.
    case news = "/data/v2/news/"
    /// News categories (bare array).
    case newsCategories = "/data/news/categories"
    /// News feeds (bare array).
    case newsFeeds = "/data/news/feeds"
    /// Feeds and categories in an envelope.
    case newsFeedsAndCategories = "/data/news/feedsandcategories"
    /// Full price data (bare RAW/DISPLAY map).
    case priceMultiFull = "/data/pricemultifull"
    /// Daily OHLCV history.
    case histoday = "/data/v2/histoday"
    /// Hourly OHLCV history.
    case histohour = "/data/v2/histohour"
    /// Minute OHLCV history (seven days kept).
    case histominute = "/data/v2/histominute"
    /// Simple price map.
    case price = "/data/price"
    /// Every coin, keyed by symbol.
    case coinList = "/data/all/coinlist"
    /// The caller's rate-limit counters.
    case rateLimitStats = "/stats/rate/limit"

    /// The route for `path`, or `nil` for "Path does not exist".
    init?(path: String) {
        self.init(rawValue: path)
    }
}
