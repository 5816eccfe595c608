import Foundation

/// One page of news as a command shows it, and whether the source had that many.
public struct PagedNews: Sendable {
    /// The page's articles and everything said on the way; empty articles when the source ran out.
    public var batch: NewsBatch
    /// The page asked for (1 is the latest).
    public var number: Int
    /// Set when the source has fewer pages than `number`: the last one it has.
    public var lastPage: Int?

    /// Creates a page.
    public init(batch: NewsBatch, number: Int, lastPage: Int? = nil) {
        self.batch = batch
        self.number = number
        self.lastPage = lastPage
    }
}

extension NewsSource {
    /// Page `number` of `query`: the first answer, then each older page from the cursor the one
    /// before it gave (`NewsBatch.olderPage`, CryptoCompare's `lTs`), so page 3 costs three requests.
    ///
    /// A page is what the service sends at once (about 50 articles at CryptoCompare) before the
    /// client's own filters; it can hold fewer, even none, when those filters are strict. A source
    /// that cannot page back, or runs out, ends the walk with an empty page naming its last one.
    public func page(_ number: Int, of query: NewsQuery) async throws -> PagedNews {
        var query = query
        var batch = try await news(query)
        var reached = 1
        while reached < number {
            guard let older = batch.olderPage else {
                // An empty page itself is past the end (unless it is the first: that is the last there is).
                let last = batch.articles.isEmpty ? max(reached - 1, 1) : reached
                batch.articles = []
                return PagedNews(batch: batch, number: number, lastPage: last)
            }
            query.before = older
            let next = try await news(query)
            // Problems of the pages walked through still happened; the offline notice is the last page's.
            batch = NewsBatch(
                articles: next.articles, attribution: next.attribution, fetchedAt: min(batch.fetchedAt, next.fetchedAt),
                offlineReason: next.offlineReason, problems: batch.problems + next.problems, olderPage: next.olderPage)
            reached += 1
        }
        // An empty page with no cursor after it is past the end: the page before was the last.
        let ranOut = number > 1 && batch.articles.isEmpty && batch.olderPage == nil
        return PagedNews(batch: batch, number: number, lastPage: ranOut ? number - 1 : nil)
    }
}
