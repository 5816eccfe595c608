extension CryptoCompareREST {
    /// The from-symbol of the recorded price and history files.
    static let recordedFromSymbol = "BTC"

    /// `/data/price?fsym=BTC&tsyms=USD,EUR` → bare map `{"USD":…,"EUR":…}`.
    ///
    /// Only BTC is recorded; other to-symbols the rate table knows are derived from the USD
    /// price. Unknown to-symbols are left out; if none is known, the unknown-symbol error.
    func price(_ request: HTTPRequest) -> HTTPResponse {
        guard let fromSymbol = Self.symbol(request, "fsym") else { return .json(errors.missingParameter("fsym")) }
        guard let toSymbols = Self.symbolList(request, "tsyms") else { return .json(errors.missingParameter("tsyms")) }
        guard fromSymbol == Self.recordedFromSymbol else {
            return .json(errors.unknownPair(from: fromSymbol, to: toSymbols[0]))
        }
        let recordedPrices = recorded[.priceBTC]
        var members: [JSONValue.Member] = []
        for symbol in toSymbols where !members.contains(where: { $0.key == symbol }) {
            if let value = recordedPrices[symbol] {
                members.append(JSONValue.Member(symbol, value))
            } else if let usd = recordedPrices["USD"]?.doubleValue, let rate = rates.unitsPerUSD(of: symbol) {
                members.append(JSONValue.Member(symbol, .number(usd * rate)))
            }
        }
        guard !members.isEmpty else { return .json(errors.unknownToSymbol(toSymbols.joined(separator: ","))) }
        return .json(.object(members))
    }

    /// `/data/pricemultifull?fsyms=BTC,ETH&tsyms=USD,EUR` → the recorded RAW/DISPLAY map,
    /// narrowed to the requested symbols (recorded: BTC and ETH in USD and EUR).
    func priceMultiFull(_ request: HTTPRequest) -> HTTPResponse {
        guard let fromSymbols = Self.symbolList(request, "fsyms") else { return .json(errors.missingParameter("fsyms")) }
        guard let toSymbols = Self.symbolList(request, "tsyms") else { return .json(errors.missingParameter("tsyms")) }
        let document = recorded[.priceMultiFull]
        if let unknown = fromSymbols.first(where: { document["RAW"]?[$0] == nil }) {
            return .json(errors.unknownPair(from: unknown, to: toSymbols[0]))
        }
        func narrow(_ block: String) -> JSONValue {
            .object(
                fromSymbols.compactMap { fromSymbol in
                    guard let quotes = document[block]?[fromSymbol]?.objectMembers else { return nil }
                    return JSONValue.Member(fromSymbol, .object(quotes.filter { toSymbols.contains($0.key) }))
                })
        }
        let raw = narrow("RAW")
        let anyQuote = raw.objectMembers?.contains { !($0.value.objectMembers ?? []).isEmpty } ?? false
        guard anyQuote else { return .json(errors.unknownToSymbol(toSymbols.joined(separator: ","))) }
        return .json(.object([JSONValue.Member("RAW", raw), JSONValue.Member("DISPLAY", narrow("DISPLAY"))]))
    }

    /// The upper-cased value of a single-symbol parameter, `nil` when absent or empty.
    static func symbol(_ request: HTTPRequest, _ name: String) -> String? {
        guard let value = request.queryValue(name)?.uppercased(), !value.isEmpty else { return nil }
        return value
    }

    /// The upper-cased items of a comma-list parameter in order, `nil` when absent or empty.
    static func symbolList(_ request: HTTPRequest, _ name: String) -> [String]? {
        let items = (request.queryValue(name) ?? "").split(separator: ",")
            .map { $0.trimmingSpaces().uppercased() }.filter { !$0.isEmpty }
        return items.isEmpty ? nil : items
    }
}
