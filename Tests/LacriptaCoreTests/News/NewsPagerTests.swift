import Foundation
import Testing

@testable import LacriptaCore

/// `news --page N`: walking back page by page from each page's cursor.
@Suite("News paging")
struct NewsPagerTests {
    /// A source over a fixed timeline, pages of `size` before each cursor; records the cursors asked for.
    final class Timeline: NewsSource, @unchecked Sendable {
        // Unchecked: the only mutable state, the log of cursors, is guarded by `lock`.
        let times: [Double]
        let size: Int
        let pages: Bool
        private let lock = NSLock()
        private var asked: [Date?] = []

        init(times: [Double], size: Int, pages: Bool = true) {
            self.times = times.sorted(by: >)
            self.size = size
            self.pages = pages
        }

        var cursors: [Date?] { lock.withLock { asked } }

        func topic(for input: String, knownCoins: [Coin]) async throws -> NewsTopic? { nil }
        func directory() async throws -> NewsDirectory { NewsDirectory(categories: [], outlets: [], attribution: "T") }

        func news(_ query: NewsQuery) async throws -> NewsBatch {
            lock.withLock { asked.append(query.before) }
            let page = times.filter { time in query.before.map { time < $0.timeIntervalSince1970 } ?? true }.prefix(size)
            let articles = page.map {
                NewsArticle(
                    id: String(Int($0)), title: "", url: "", body: "", publishedOn: Date(timeIntervalSince1970: $0), source: "T",
                    categories: [], tags: [])
            }
            return NewsBatch(
                articles: articles, attribution: "T", fetchedAt: Date(timeIntervalSince1970: 0), problems: ["p\(cursors.count)"],
                olderPage: pages ? articles.map(\.publishedOn).min() : nil)
        }
    }

    @Test("page 3 asks three times, each from the oldest article of the page before")
    func walksBack() async throws {
        let source = Timeline(times: (1...10).map { Double($0 * 100) }, size: 4)
        let page = try await source.page(3, of: NewsQuery())
        #expect(page.batch.articles.map(\.id) == ["200", "100"])
        #expect(page.lastPage == nil)
        #expect(source.cursors == [nil, Date(timeIntervalSince1970: 700), Date(timeIntervalSince1970: 300)])
        #expect(page.batch.problems == ["p1", "p2", "p3"])
    }

    @Test("past the end the page is empty and names the last page there is")
    func pastTheEnd() async throws {
        let source = Timeline(times: (1...8).map { Double($0 * 100) }, size: 4)
        let third = try await source.page(3, of: NewsQuery())
        #expect(third.batch.articles.isEmpty)
        #expect(third.lastPage == 2)
        let fifth = try await source.page(5, of: NewsQuery())
        #expect(fifth.lastPage == 2)
        #expect(source.cursors.count == 3 + 3)
    }

    @Test("a source that cannot page back has one page: the second is empty and asks nothing more")
    func onePage() async throws {
        let source = Timeline(times: [100, 200, 300], size: 10, pages: false)
        let second = try await source.page(2, of: NewsQuery())
        #expect(second.batch.articles.isEmpty && second.lastPage == 1)
        #expect(source.cursors.count == 1)
        let first = try await source.page(1, of: NewsQuery(before: Date(timeIntervalSince1970: 250)))
        #expect(first.batch.articles.map(\.id) == ["200", "100"] && first.lastPage == nil)
    }
}
