import Foundation

extension CoinGeckoREST {
    /// The docs example's query, whose recorded answer is served verbatim.
    static let recordedSearchQuery = "eth"

    /// `/search?query=WORD`: `{"coins":[…],"exchanges":[],"icos":[],"categories":[],"nfts":[]}`.
    ///
    /// `eth` is the recorded docs example (with its exchanges, categories and NFTs). Other words
    /// match the coins of the markets recording and the id list by symbol, id or name; exact
    /// symbols first, then by rank (unranked last). `symbol` is upper case here, unlike
    /// `/coins/markets`. No match is the recorded all-empty body with 200.
    func search(_ request: HTTPRequest) -> HTTPResponse {
        let query = Substring(request.queryValue("query") ?? "").trimmingSpaces().lowercased()
        if query == Self.recordedSearchQuery { return .coinGecko(data[.searchETH]) }
        guard !query.isEmpty else { return .coinGecko(data[.searchNone]) }
        let matches = knownCoins.enumerated().compactMap { offset, coin -> (rank: (Int, Int, Int), coin: JSONValue)? in
            let id = coin["id"]?.stringValue ?? ""
            let symbol = coin["symbol"]?.stringValue ?? ""
            let name = (coin["name"]?.stringValue ?? "").lowercased()
            guard symbol.hasPrefix(query) || id.hasPrefix(query) || name.contains(query) else { return nil }
            let marketRank = coin["market_cap_rank"]?.doubleValue.map { Int($0) } ?? Int.max
            return ((symbol == query ? 0 : 1, marketRank, offset), coin)
        }
        guard !matches.isEmpty else { return .coinGecko(data[.searchNone]) }
        let coins = matches.sorted { $0.rank < $1.rank }.map { Self.searchEntry($0.coin) }
        return .coinGecko(data[.searchNone].setting("coins", to: .array(coins)))
    }

    /// `/coins/list[?include_platform=true]`: `[{"id","symbol","name"},…]` sorted by id; the
    /// recorded slice (with its repeated `eth` symbols) merged with the markets recording's coins
    /// and the constructed ones (`SyntheticCoin`: thousands, with shared tickers), as the real
    /// list is long. `include_platform=true` adds `"platforms":{}` (every coin here is native).
    func coinsList(_ request: HTTPRequest) -> HTTPResponse {
        let withPlatforms = request.queryValue("include_platform") == "true"
        let known = knownCoins
        let knownIDs = Set(known.compactMap { $0["id"]?.stringValue })
        let reserved = Set(known.compactMap { $0["symbol"]?.stringValue?.uppercased() })
        let synthetic = SyntheticCoin.make(avoiding: reserved).filter { !knownIDs.contains($0.id) }.map { coin in
            JSONValue.object([
                JSONValue.Member("id", .string(coin.id)), JSONValue.Member("symbol", .string(coin.symbol.lowercased())),
                JSONValue.Member("name", .string(coin.name)),
            ])
        }
        let entries = (known + synthetic).map { coin in
            var members = ["id", "symbol", "name"].map { JSONValue.Member($0, coin[$0] ?? .null) }
            if withPlatforms { members.append(JSONValue.Member("platforms", .object([]))) }
            return (id: coin["id"]?.stringValue ?? "", entry: JSONValue.object(members))
        }
        return .coinGecko(.array(entries.sorted { $0.id < $1.id }.map(\.entry)))
    }

    /// Every coin the simulator knows: the markets items in rank order, then the id list's other
    /// entries (which have no rank).
    var knownCoins: [JSONValue] {
        let markets = data.marketItems
        let marketIDs = Set(markets.compactMap { $0["id"]?.stringValue })
        let listed = (data[.coinsList].arrayElements ?? []).filter { !marketIDs.contains($0["id"]?.stringValue ?? "") }
        return markets + listed
    }

    /// One coin as `/search` lists it, images from the markets item when there is one.
    static func searchEntry(_ coin: JSONValue) -> JSONValue {
        let large = coin["image"]?.stringValue ?? "https://coin-images.coingecko.com/coins/images/missing_large.png"
        return .object([
            JSONValue.Member("id", coin["id"] ?? .null), JSONValue.Member("name", coin["name"] ?? .null),
            JSONValue.Member("api_symbol", coin["id"] ?? .null),
            JSONValue.Member("symbol", .string((coin["symbol"]?.stringValue ?? "").uppercased())),
            JSONValue.Member("market_cap_rank", coin["market_cap_rank"] ?? .null),
            JSONValue.Member("thumb", .string(large.replacingOccurrences(of: "/large/", with: "/thumb/"))),
            JSONValue.Member("large", .string(large)),
        ])
    }
}
