extension CryptoCompareREST {
    /// `/data/v2/news/?lang=EN&categories=ETH[&lTs=…]` served from the recorded ETH news.
    ///
    /// Filters, all optional: `categories` (comma list, OR, matched case-insensitively against
    /// the pipe-separated `categories` of each article), `excludeCategories`, `feeds` (the
    /// article `source`), `lang` (the article `lang`), and `lTs` (only articles published
    /// strictly before it, for paging back). No match gives an empty `Data` in the success
    /// envelope, as the real service does for an unknown category.
    func news(_ request: HTTPRequest) -> HTTPResponse {
        let document = recorded[.newsETH]
        let wanted = Self.commaList(request.queryValue("categories"))
        let excluded = Self.commaList(request.queryValue("excludeCategories"))
        let feeds = Self.commaList(request.queryValue("feeds"))
        let language = request.queryValue("lang").flatMap { $0.isEmpty ? nil : $0.uppercased() }
        let before = request.queryValue("lTs").flatMap { Double($0) }.flatMap { $0 > 0 ? $0 : nil }
        var all = document["Data"]?.arrayElements ?? []
        if let now = newsNow {
            let newest = all.compactMap { $0["published_on"]?.doubleValue }.max() ?? 0
            let shift = (now() - 7 * 60 - newest).rounded(.down)
            all = all.map { article in
                let published = (article["published_on"]?.doubleValue ?? newest) + shift
                return article.setting("published_on", to: .number(published))
            }
        }
        let articles = all.filter { article in
            let categories = Set((article["categories"]?.stringValue ?? "").split(separator: "|").map { $0.uppercased() })
            if !wanted.isEmpty && categories.isDisjoint(with: wanted) { return false }
            if !categories.isDisjoint(with: excluded) { return false }
            if !feeds.isEmpty && !feeds.contains((article["source"]?.stringValue ?? "").uppercased()) { return false }
            if let language, (article["lang"]?.stringValue ?? "").uppercased() != language { return false }
            if let before, (article["published_on"]?.doubleValue ?? 0) >= before { return false }
            return true
        }
        return .json(document.setting("Data", to: .array(articles)))
    }

    /// The upper-cased, non-empty items of a comma-separated parameter.
    static func commaList(_ value: String?) -> Set<String> {
        Set((value ?? "").split(separator: ",").map { $0.trimmingSpaces().uppercased() }.filter { !$0.isEmpty })
    }
}
