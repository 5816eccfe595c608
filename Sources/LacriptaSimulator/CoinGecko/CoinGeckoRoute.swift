/// The CoinGecko v3 paths the simulator answers, below the API root `/api/v3`.
///
/// The coin id is a path segment (`/coins/bitcoin/market_chart`); it is taken as sent, so an id
/// CoinGecko does not know reaches the route and gets the recorded 404 body, not a path error.
enum CoinGeckoRoute: Equatable, Sendable {
    /// `/ping`: the health check.
    case ping
    /// `/coins/markets`: the toplist.
    case markets
    /// `/coins/list`: every id, symbol and name.
    case coinsList
    /// `/coins/{id}`: one coin's detail.
    case coin(id: String)
    /// `/coins/{id}/market_chart`: price, market-cap and volume history.
    case marketChart(id: String)
    /// `/coins/{id}/ohlc`: candles without volume.
    case ohlc(id: String)
    /// `/search?query=`: coins (and more) matching a word.
    case search
    /// `/simple/price`: current prices of several ids at once.
    case simplePrice

    /// Where the v3 API lives on the host (`https://api.coingecko.com/api/v3`).
    static let apiRoot = "/api/v3"

    /// The route for a request path (`/api/v3/coins/markets`), or nil for an unknown path.
    init?(path: String) {
        guard path.hasPrefix(Self.apiRoot + "/") else { return nil }
        let segments = path.dropFirst(Self.apiRoot.count + 1).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch segments.count {
        case 1 where segments[0] == "ping": self = .ping
        case 1 where segments[0] == "search": self = .search
        case 2 where segments == ["coins", "markets"]: self = .markets
        case 2 where segments == ["coins", "list"]: self = .coinsList
        case 2 where segments == ["simple", "price"]: self = .simplePrice
        case 2 where segments[0] == "coins" && !segments[1].isEmpty: self = .coin(id: segments[1])
        case 3 where segments[0] == "coins" && !segments[1].isEmpty && segments[2] == "market_chart":
            self = .marketChart(id: segments[1])
        case 3 where segments[0] == "coins" && !segments[1].isEmpty && segments[2] == "ohlc":
            self = .ohlc(id: segments[1])
        default: return nil
        }
    }
}
