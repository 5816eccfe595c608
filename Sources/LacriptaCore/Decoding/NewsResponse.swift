import Foundation

/// The wire shape of `/data/v2/news/` (legacy lower-case schema), decoded leniently.
///
/// Quirks: `id` and `upvotes` are strings; `tags` and `categories` are pipe-separated and `tags`
/// can be empty; `source_info.name` is the display name while `source` is the feed key.
struct NewsResponse: Decodable {
    struct Item: Decodable {
        struct SourceInfo: Decodable {
            let name: String?
        }

        let id: LenientString
        let title: String
        let url: String?
        let body: String?
        let publishedOn: LenientDouble
        let source: String?
        let sourceInfo: SourceInfo?
        let tags: String?
        let categories: String?
        let upvotes: LenientDouble?

        enum CodingKeys: String, CodingKey {
            case id, title, url, body, source, tags, categories, upvotes
            case publishedOn = "published_on"
            case sourceInfo = "source_info"
        }

        var article: NewsArticle {
            NewsArticle(
                id: id.value ?? "",
                title: title,
                url: url ?? "",
                body: body ?? "",
                // Missing or implausible: the epoch, which every view already shows as long ago.
                publishedOn: publishedOn.value.flatMap { Date(unixSeconds: $0) } ?? Date(timeIntervalSince1970: 0),
                source: sourceInfo?.name.flatMap { $0.isEmpty ? nil : $0 } ?? source ?? "",
                categories: Self.split(categories),
                tags: Self.split(tags),
                // A count too large for an Int (`1e19`) is not a count: missing, like a non-number.
                upvotes: upvotes?.value.flatMap { Int(towardZero: $0) }
            )
        }

        private static func split(_ text: String?) -> [String] {
            (text ?? "").split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    let data: [Item]

    enum CodingKeys: String, CodingKey {
        case data = "Data"
    }

    /// Decodes the articles in the order the service sent them (latest first).
    static func decode(_ data: Data) throws -> [NewsArticle] {
        try JSONDecoder().decode(NewsResponse.self, from: data).data.map(\.article)
    }
}

/// The wire shape of `/data/news/categories`: a bare array.
struct NewsCategoriesResponse: Decodable {
    struct Item: Decodable {
        let categoryName: String
        let wordsAssociatedWithCategory: [String]?
    }

    /// Decodes the categories.
    static func decode(_ data: Data) throws -> [NewsCategory] {
        try JSONDecoder().decode([Item].self, from: data).map {
            NewsCategory(name: $0.categoryName, words: $0.wordsAssociatedWithCategory ?? [])
        }
    }
}

/// The wire shape of `/data/news/feeds`: a bare array of `{key, name, img, lang}`.
struct NewsFeedsResponse: Decodable {
    struct Item: Decodable {
        let key: String
        let name: String?
    }

    /// Decodes the outlets; one without a name is named by its key.
    static func decode(_ data: Data) throws -> [NewsOutlet] {
        try JSONDecoder().decode([Item].self, from: data).map {
            NewsOutlet(key: $0.key, name: $0.name.flatMap { $0.isEmpty ? nil : $0 } ?? $0.key)
        }
    }
}
