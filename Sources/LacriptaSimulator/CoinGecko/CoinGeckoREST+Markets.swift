extension CoinGeckoREST {
    /// `per_page` bounds and default, as documented (1–250, default 100). Values outside are
    /// clamped: what the real service does with them is not recorded.
    static let perPageRange = 1...250
    /// `per_page` when absent or not a number.
    static let defaultPerPage = 100
    /// The windows `price_change_percentage` may ask for, each adding a
    /// `price_change_percentage_<w>_in_currency` key.
    static let changeWindows: Set<String> = ["1h", "24h", "7d", "14d", "30d", "200d", "1y"]
    /// Market fields that are amounts of money, converted for another `vs_currency`; percentages,
    /// supplies and dates stay as recorded.
    static let moneyFields: Set<String> = [
        "current_price", "market_cap", "fully_diluted_valuation", "total_volume", "high_24h", "low_24h",
        "price_change_24h", "market_cap_change_24h", "ath", "atl",
    ]

    /// Money fields CoinGecko prints as whole numbers.
    static let wholeFields: Set<String> = ["market_cap", "fully_diluted_valuation", "total_volume"]

    /// `/coins/markets?vs_currency=usd&order=…&per_page=N&page=P&price_change_percentage=1h,24h,7d`.
    ///
    /// The recording was asked for every window; only the `…_in_currency` keys of the windows
    /// requested stay, in the recorded (lexicographic) order, so a coin that lacks one (thin
    /// markets have no hourly change) still lacks it. `ids` and `symbols` filter, dropping
    /// unknown ones silently (all unknown: `200 []`); a page past the end is `[]`.
    func markets(_ request: HTTPRequest) -> HTTPResponse {
        guard let currency = request.queryValue("vs_currency"), !currency.isEmpty else {
            return Self.missingParameter("vs_currency")
        }
        guard let rate = currencies.unitsPerUSD(of: currency) else { return invalidCurrency }
        var items = data.marketItems
        if let ids = Self.list(request, "ids") { items = items.filter { ids.contains($0["id"]?.stringValue ?? "") } }
        if let symbols = Self.list(request, "symbols") { items = items.filter { symbols.contains($0["symbol"]?.stringValue ?? "") } }
        items = Self.ordered(items, by: request.queryValue("order") ?? "market_cap_desc")
        let perPage = Self.clamped(request.queryValue("per_page").flatMap { Int($0) } ?? Self.defaultPerPage, to: Self.perPageRange)
        let page = max(1, request.queryValue("page").flatMap { Int($0) } ?? 1)
        let (start, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        let slice = overflow || start >= items.count ? [] : items[start..<min(items.count, start + perPage)]
        let windows = Set(Self.list(request, "price_change_percentage") ?? []).intersection(Self.changeWindows)
        let shaped = slice.map { item in
            Self.converted(Self.keepingWindows(windows, of: item), rate: rate, fields: Self.moneyFields)
        }
        return .coinGecko(.array(shaped))
    }

    /// `/simple/price?ids=bitcoin,ethereum&vs_currencies=usd,eur[&include_market_cap=true…]`:
    /// `{"bitcoin":{"usd":…,"usd_market_cap":…,"usd_24h_vol":…,"usd_24h_change":…,"last_updated_at":…}}`.
    ///
    /// Extras appear only when asked for; unknown ids and currencies are left out; `last_updated_at`
    /// is in Unix seconds, unlike the ISO dates of `/coins/*`.
    func simplePrice(_ request: HTTPRequest) -> HTTPResponse {
        guard let codes = Self.list(request, "vs_currencies") else { return Self.missingParameter("vs_currencies") }
        guard let ids = Self.list(request, "ids") else { return Self.missingParameter("ids") }
        let wants = { (name: String) in request.queryValue(name) == "true" }
        var coins: [JSONValue.Member] = []
        for id in ids where !coins.contains(where: { $0.key == id }) {
            guard let item = data.marketItems.first(where: { $0["id"]?.stringValue == id }) else { continue }
            var fields: [JSONValue.Member] = []
            for code in codes {
                guard let rate = currencies.unitsPerUSD(of: code) else { continue }
                let money = { (key: String) in item[key]?.doubleValue.map { JSONValue.number($0 * rate) } ?? .null }
                fields.append(JSONValue.Member(code, money("current_price")))
                if wants("include_market_cap") { fields.append(JSONValue.Member("\(code)_market_cap", money("market_cap"))) }
                if wants("include_24hr_vol") { fields.append(JSONValue.Member("\(code)_24h_vol", money("total_volume"))) }
                if wants("include_24hr_change") {
                    fields.append(JSONValue.Member("\(code)_24h_change", item["price_change_percentage_24h_in_currency"] ?? .null))
                }
            }
            if wants("include_last_updated_at"), let seconds = item["last_updated"]?.stringValue.flatMap(CoinGeckoTime.unixSeconds) {
                fields.append(JSONValue.Member("last_updated_at", .number(String(seconds))))
            }
            coins.append(JSONValue.Member(id, .object(fields)))
        }
        return .coinGecko(.object(coins))
    }

    /// The lower-cased, trimmed items of a comma list parameter; nil when absent or empty.
    static func list(_ request: HTTPRequest, _ name: String) -> [String]? {
        let items = (request.queryValue(name) ?? "").split(separator: ",").map { $0.trimmingSpaces().lowercased() }.filter { !$0.isEmpty }
        return items.isEmpty ? nil : items
    }

    /// `item` without the `…_in_currency` change keys of windows not in `windows`.
    static func keepingWindows(_ windows: Set<String>, of item: JSONValue) -> JSONValue {
        guard let members = item.objectMembers else { return item }
        return .object(
            members.filter { member in
                guard member.key.hasPrefix("price_change_percentage_"), member.key.hasSuffix("_in_currency") else { return true }
                let window = member.key.dropFirst("price_change_percentage_".count).dropLast("_in_currency".count)
                return windows.contains(String(window))
            })
    }

    /// `value` with the numbers of `fields` multiplied by `rate`; USD (rate 1) is returned
    /// untouched, so its numbers keep their recorded text. Market caps and volumes recorded whole
    /// stay whole, as CoinGecko prints them in every currency.
    static func converted(_ value: JSONValue, rate: Double, fields: Set<String>) -> JSONValue {
        guard rate != 1, let members = value.objectMembers else { return value }
        return .object(
            members.map { member in
                guard fields.contains(member.key), case .number(let text) = member.value, let number = Double(text) else { return member }
                let isWhole = wholeFields.contains(member.key) && !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
                return JSONValue.Member(member.key, .number(isWhole ? (number * rate).rounded() : number * rate))
            })
    }

    /// The items in the order `order` names; an unknown order keeps the default (market cap).
    static func ordered(_ items: [JSONValue], by order: String) -> [JSONValue] {
        func sorted(_ key: String, _ ascending: Bool) -> [JSONValue] {
            // Missing figures (the unranked coin) go last either way, as on the site's tables.
            items.enumerated().sorted { left, right in
                switch (left.element[key]?.doubleValue, right.element[key]?.doubleValue) {
                case let (l?, r?) where l != r: return ascending ? l < r : l > r
                case (nil, _?): return false
                case (_?, nil): return true
                default: return left.offset < right.offset
                }
            }.map(\.element)
        }
        switch order {
        case "market_cap_asc": return sorted("market_cap", true)
        case "volume_desc": return sorted("total_volume", false)
        case "volume_asc": return sorted("total_volume", true)
        case "id_asc": return items.sorted { ($0["id"]?.stringValue ?? "") < ($1["id"]?.stringValue ?? "") }
        case "id_desc": return items.sorted { ($0["id"]?.stringValue ?? "") > ($1["id"]?.stringValue ?? "") }
        default: return items  // market_cap_desc: the recording's order
        }
    }

    /// `value` limited to `range`.
    static func clamped(_ value: Int, to range: ClosedRange<Int>) -> Int {
        min(range.upperBound, max(range.lowerBound, value))
    }
}
