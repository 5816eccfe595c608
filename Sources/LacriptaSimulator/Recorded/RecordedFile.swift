/// The recorded min-api responses the simulator replays, by file name in `Resources/recorded/`.
public enum RecordedFile: String, Sendable, CaseIterable {
    /// `/data/top/totaltoptiervolfull?limit=50&tsym=USD` (item 50, UMA, has no RAW/DISPLAY).
    case toplistUSD = "toplist-usd-50.json"
    /// `/data/v2/news/?lang=EN&categories=ETH`.
    case newsETH = "news-eth.json"
    /// `/data/news/categories` (bare array).
    case newsCategories = "news-categories.json"
    /// `/data/news/feeds` (bare array).
    case newsFeeds = "news-feeds.json"
    /// `/data/news/feedsandcategories`.
    case newsFeedsAndCategories = "news-feedsandcategories.json"
    /// `/data/pricemultifull?fsyms=BTC,ETH&tsyms=USD,EUR` (bare RAW/DISPLAY map).
    case priceMultiFull = "pricemultifull.json"
    /// `/data/v2/histoday?fsym=BTC&tsym=USD&limit=30` (31 bars).
    case histodayBTC = "histoday-btc-30.json"
    /// `/data/price?fsym=BTC&tsyms=USD,EUR` (bare map).
    case priceBTC = "price-btc-usd-eur.json"
    /// `/stats/rate/limit`.
    case statsRateLimit = "stats-rate-limit.json"
    /// Rate-limit error with `calls_made`/`max_calls`.
    case errorRateLimit = "error-ratelimit.json"
    /// Newer rate-limit error with `Cooldown`.
    case errorRateLimitCooldown = "error-ratelimit-cooldown.json"
    /// Unknown to-symbol error; the recorded symbol is `XYZ`.
    case errorInvalidSymbol = "error-invalid-symbol.json"
    /// Unknown pair error; the recorded pair is `NOTACOIN-USD`.
    case errorInvalidFsym = "error-invalid-fsym.json"
    /// `tsym is a required param.`
    case errorMissingParam = "error-missing-param.json"
    /// `Path does not exist`.
    case errorPathNotExist = "error-path-not-exist.json"
    /// Legacy "You need a valid auth key" error (HTTP 200).
    case errorAuthLegacy = "error-auth-required-legacy.json"
    /// 2026 "API key required" error, served with HTTP 401.
    case errorAuth401 = "error-auth-401-2026.json"
}
