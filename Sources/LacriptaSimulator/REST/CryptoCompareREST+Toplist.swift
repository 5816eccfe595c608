extension CryptoCompareREST {
    /// Bounds of `limit`, as documented by min-api ("Number of assets to return in toplist
    /// (10-100)", default 10). Out-of-range values are clamped, not rejected: the real
    /// behaviour is unrecorded and clamping is the common API convention.
    static let toplistLimitRange = 10...100
    /// `limit` when the parameter is absent or not a number.
    static let toplistDefaultLimit = 10

    /// `/data/top/totaltoptiervolfull?tsym=X&limit=N&page=P`.
    ///
    /// `page` is zero-based; a page past the end gives an empty `Data` with the success envelope
    /// (`MetaData.Count` stays the recorded 2426, as the real service reports its whole list).
    func toplist(_ request: HTTPRequest) -> HTTPResponse {
        guard let requested = request.queryValue("tsym"), !requested.isEmpty else {
            return .json(errors.missingParameter("tsym"))
        }
        let symbol = requested.uppercased()
        guard let rate = rates.unitsPerUSD(of: symbol) else {
            return .json(errors.unknownToSymbol(symbol))
        }
        let range = Self.toplistLimitRange
        let limit = min(range.upperBound, max(range.lowerBound, request.queryValue("limit").flatMap { Int($0) } ?? Self.toplistDefaultLimit))
        let page = max(0, request.queryValue("page").flatMap { Int($0) } ?? 0)
        let document = recorded[.toplistUSD]
        let items = document["Data"]?.arrayElements ?? []
        let (start, overflow) = page.multipliedReportingOverflow(by: limit)
        let slice = overflow || start >= items.count ? [] : Array(items[start..<min(items.count, start + limit)])
        let converter = ToplistCurrencyConverter(symbol: symbol, rate: rate)
        return .json(document.setting("Data", to: .array(slice.map(converter.convert))))
    }
}
