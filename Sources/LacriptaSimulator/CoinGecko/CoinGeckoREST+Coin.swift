import Foundation

extension CoinGeckoREST {
    /// `/coins/{id}?localization=false&tickers=false&market_data=true&community_data=false&…`.
    ///
    /// Bitcoin and Ethereum are served as recorded; every other coin of the markets recording gets
    /// a detail built from its markets item (`CoinGeckoDetailBuilder`); any other id is the
    /// recorded 404. The booleans default to true, as on the real service: a client that does not
    /// send `tickers=false` gets a long `tickers` array, and `localization` unless it sends
    /// `localization=false`. `market_data=false` drops the figures.
    func coin(id: String, _ request: HTTPRequest) -> HTTPResponse {
        var body: JSONValue
        switch id {
        case "bitcoin": body = data[.coinBitcoin]
        case "ethereum": body = data[.coinEthereum]
        default:
            guard let item = data.marketItems.first(where: { $0["id"]?.stringValue == id }) else { return coinNotFound }
            body = CoinGeckoDetailBuilder(item: item, currencies: currencies).detail
        }
        let flag = { (name: String) in request.queryValue(name) != "false" }
        if !flag("market_data") { body = body.removing("market_data") }
        if flag("localization") {
            let name = body["name"] ?? .null
            let localization = JSONValue.object(["en", "de", "es", "fr", "ja"].map { JSONValue.Member($0, name) })
            body = body.inserting(JSONValue.Member("localization", localization), after: "additional_notices")
        }
        if flag("tickers") { body = body.setting("tickers", to: .array(Self.tickers(for: body))) }
        return .coinGecko(body)
    }

    /// Exchanges for the constructed `tickers`.
    private static let exchanges = ["Binance", "Coinbase Exchange", "Kraken", "OKX", "Bybit", "Bitstamp", "KuCoin", "Gemini", "Bitfinex", "Upbit"]
    /// Quote currencies for the constructed `tickers`.
    private static let targets = ["USDT", "USD", "USDC", "EUR", "BTC", "FDUSD", "TRY", "BRL", "JPY", "KRW"]

    /// A hundred constructed tickers (the reference records only that leaving `tickers` on grows
    /// the body past 180 KB, not their content): enough to make the mistake visible in size.
    static func tickers(for body: JSONValue) -> [JSONValue] {
        let symbol = (body["symbol"]?.stringValue ?? "").uppercased()
        let id = body["id"]?.stringValue ?? ""
        let usd = body["market_data"]?["current_price"]?["usd"]?.doubleValue ?? 1
        let stamp = JSONValue.string(body["last_updated"]?.stringValue ?? CoinGeckoTime.text(CoinGeckoTime.recordedNow))
        return exchanges.enumerated().flatMap { exchangeIndex, exchange in
            targets.enumerated().map { targetIndex, target in
                let drift = 1 + Double((exchangeIndex * 7 + targetIndex * 3) % 11 - 5) / 10_000
                return JSONValue.object([
                    JSONValue.Member("base", .string(symbol)), JSONValue.Member("target", .string(target)),
                    JSONValue.Member(
                        "market",
                        .object([
                            JSONValue.Member("name", .string(exchange)),
                            JSONValue.Member("identifier", .string(exchange.lowercased().replacingOccurrences(of: " ", with: "_"))),
                            JSONValue.Member("has_trading_incentive", .bool(false)),
                        ])),
                    JSONValue.Member("converted_last", .object([JSONValue.Member("usd", .number(usd * drift))])),
                    JSONValue.Member("trust_score", .string(exchangeIndex < 6 ? "green" : "yellow")),
                    JSONValue.Member("timestamp", stamp), JSONValue.Member("is_anomaly", .bool(false)),
                    JSONValue.Member("is_stale", .bool(false)), JSONValue.Member("coin_id", .string(id)),
                ])
            }
        }
    }
}

extension JSONValue {
    /// A copy of this object without the members named `key`.
    func removing(_ key: String) -> JSONValue {
        guard let members = objectMembers else { return self }
        return .object(members.filter { $0.key != key })
    }

    /// A copy of this object with `member` right after the member named `key` (at the end when
    /// there is none), replacing any member of the same name.
    func inserting(_ member: Member, after key: String) -> JSONValue {
        guard var members = removing(member.key).objectMembers else { return self }
        let index = members.firstIndex { $0.key == key }.map { $0 + 1 } ?? members.endIndex
        members.insert(member, at: index)
        return .object(members)
    }
}
