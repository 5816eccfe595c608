import Foundation
import Testing

@testable import LacriptaCore

/// The archive's search window (a word most articles hold is ranked among the matches stored
/// last) and what it keeps of each feed's fetches for `lacripta feeds`.
@Suite("Archive search window and feed status")
struct ArchiveWindowTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-window-\(UUID().uuidString)").path
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("past the window, the best of the latest matches come first, and a filter still finds an older match")
    func window() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = try ArticleArchive(directory: folder)
        // The oldest stored article matches best (the word in its title); thousands after it match in their text.
        let oldest = try archive.store(
            [ArticleArchiveTests.article(0, title: "Bitcoin everywhere", body: "bitcoin bitcoin")], from: .feeds, now: now)
        let count = ArticleArchive.searchWindow + 50
        try archive.store(
            (1...count).map { ArticleArchiveTests.article($0, body: "markets and bitcoin, item \($0)") }, from: .feeds, now: now)
        try archive.store([ArticleArchiveTests.article(count + 1, title: "Bitcoin today", body: "latest")], from: .feeds, now: now)
        let found = try archive.search("bitcoin", limit: 5)
        #expect(found.count == 5)
        #expect(found.first?.article.title == "Bitcoin today", "the best match among the latest stored leads")
        #expect(!found.contains { $0.article.title == "Bitcoin everywhere" }, "the oldest match is outside the window")
        let ref = try #require(oldest.first?.ref)
        _ = try archive.set(.saved(true), ref: ref, now: now)
        var saved = ArchiveFilter()
        saved.saved = true
        #expect(try archive.search("bitcoin", filter: saved, limit: 5).map(\.article.title) == ["Bitcoin everywhere"])
    }

    @Test("a feed's fetch time is kept; its error stays until a fetch succeeds, and a cached copy keeps the error")
    func feedStatus() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = try ArticleArchive(directory: folder)
        let url = "https://example.com/feed.xml"
        #expect(try archive.feedStatus(url: url) == FeedStatus())
        let fetched = now.addingTimeInterval(-60)
        try archive.recordFeeds([FeedReport(url: url, fetchedAt: fetched, error: nil)], now: now)
        #expect(try archive.feedStatus(url: url) == FeedStatus(fetchedAt: fetched))
        let later = now.addingTimeInterval(3600)
        try archive.recordFeeds([FeedReport(url: url, fetchedAt: nil, error: "cannot connect; try again")], now: later)
        #expect(try archive.feedStatus(url: url) == FeedStatus(fetchedAt: fetched, error: "cannot connect; try again", errorAt: later))
        try archive.recordFeeds([FeedReport(url: url, fetchedAt: fetched, error: "offline: showing cached")], now: later)
        #expect(try archive.feedStatus(url: url).error == "offline: showing cached")
        let again = later.addingTimeInterval(60)
        try archive.recordFeeds([FeedReport(url: url, fetchedAt: again, error: nil)], now: again)
        #expect(try archive.feedStatus(url: url) == FeedStatus(fetchedAt: again))
        #expect(try archive.feedStatus(url: "https://example.com/other.xml") == FeedStatus())
    }
}
