extension CryptoCompareREST {
    /// The most articles one news response holds: the service's legacy responses hold 50.
    static let newsPageSize = 50
    /// How many times the recorded articles are repeated further back in time (see `newsArchive`).
    static let newsArchiveGenerations = 5
    /// How far back each repetition lies: a little more than the recording's span (about 4.7 hours),
    /// so the generations do not overlap and paging back by `lTs` never meets an article twice.
    static let newsArchiveStep = 18_000.0

    /// `/data/v2/news/?lang=EN&categories=ETH[&lTs=…]` served from the recorded ETH news.
    ///
    /// Filters, all optional: `categories` (comma list, OR, matched case-insensitively against
    /// the pipe-separated `categories` of each article), `excludeCategories`, `feeds` (the
    /// article `source`), `lang` (the article `lang`), and `lTs` (only articles published
    /// strictly before it, for paging back). No match gives an empty `Data` in the success
    /// envelope, as the real service does for an unknown category.
    ///
    /// The latest page is the recording as it was sent. Behind it lies an archive (`newsArchive`)
    /// that only `lTs` reaches, at most `newsPageSize` articles a response, newest first, so a
    /// client that pages back finds older pages and then, as at the real service, an empty one.
    func news(_ request: HTTPRequest) -> HTTPResponse {
        let document = recorded[.newsETH]
        let wanted = Self.commaList(request.queryValue("categories"))
        let excluded = Self.commaList(request.queryValue("excludeCategories"))
        let feeds = Self.commaList(request.queryValue("feeds"))
        let language = request.queryValue("lang").flatMap { $0.isEmpty ? nil : $0.uppercased() }
        let before = request.queryValue("lTs").flatMap { Double($0) }.flatMap { $0 > 0 ? $0 : nil }
        let latest = document["Data"]?.arrayElements ?? []
        var all = before == nil ? latest : latest + Self.newsArchive(of: latest)
        if let now = newsNow {
            let newest = latest.compactMap { $0["published_on"]?.doubleValue }.max() ?? 0
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
        return .json(document.setting("Data", to: .array(Array(articles.prefix(Self.newsPageSize)))))
    }

    /// Older news for paging: `recorded` repeated `newsArchiveGenerations` times, each repetition
    /// `newsArchiveStep` seconds further back, with ids lowered by 100000 per repetition (the
    /// service's ids grow with time) and `archive=N` added to the link's query, so each copy is its own article.
    static func newsArchive(of recorded: [JSONValue]) -> [JSONValue] {
        (1...newsArchiveGenerations).flatMap { generation in
            recorded.map { article in
                let published = (article["published_on"]?.doubleValue ?? 0) - Double(generation) * newsArchiveStep
                let id = (article["id"]?.stringValue).flatMap { Int($0) }.map { String($0 - generation * 100_000) } ?? ""
                let link = article["url"]?.stringValue ?? ""
                let url = link + (link.contains("?") ? "&" : "?") + "archive=\(generation)"
                return article.setting("published_on", to: .number(published)).setting("id", to: .string(id))
                    .setting("url", to: .string(url)).setting("guid", to: .string(url))
            }
        }
    }

    /// The upper-cased, non-empty items of a comma-separated parameter.
    static func commaList(_ value: String?) -> Set<String> {
        Set((value ?? "").split(separator: ",").map { $0.trimmingSpaces().uppercased() }.filter { !$0.isEmpty })
    }
}
