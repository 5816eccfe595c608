import Foundation
import LacriptaSQLite
import Testing

@testable import LacriptaCore

/// The archive's rules: stable short ids, read and new marks, retention that keeps what the
/// reader saved or rated, and positions in the last list.
@Suite("Article archive")
struct ArticleArchiveTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-archive-\(UUID().uuidString)").path
    private let start = Date(timeIntervalSince1970: 1_790_000_000)

    static func article(_ number: Int, title: String? = nil, body: String = "", published: Date? = nil, outlet: String = "CoinDesk") -> NewsArticle {
        NewsArticle(
            id: "id-\(number)", title: title ?? "Article \(number)", url: "https://example.com/news/\(number)?utm_source=rss", body: body,
            publishedOn: published ?? Date(timeIntervalSince1970: 1_790_000_000 - Double(number) * 60), source: outlet,
            categories: ["Markets"], tags: ["Bitcoin"])
    }

    @Test("an article keeps its short id across fetches; the id is a letter and three more, and a second link is another id")
    func shortIDsAreStable() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = try ArticleArchive(directory: folder)
        let first = try archive.store([Self.article(1), Self.article(2)], from: .feeds, now: start)
        #expect(first.map(\.ref).allSatisfy { $0.count == 4 && $0.first?.isLetter == true })
        #expect(first[0].ref != first[1].ref)
        // The same link with other tracking parameters is the same article.
        var again = Self.article(1)
        again.url = "https://example.com/news/1?utm_medium=feed"
        let second = try archive.store([again], from: .feeds, now: start + 60)
        #expect(second[0].ref == first[0].ref)
        #expect(try archive.count() == 2)
        // A new process opening the same file sees the same ids.
        let reopened = try ArticleArchive(directory: folder)
        #expect(try reopened.article(ref: first[1].ref)?.article.title == "Article 2")
        #expect(ShortID.candidates(for: "link:x") == ShortID.candidates(for: "link:x"))
    }

    @Test("two keys whose first ids collide get a longer id each time")
    func collisionsLengthen() {
        let candidates = ShortID.candidates(for: "link:https://example.com/a")
        #expect(candidates.count >= 10)
        #expect(zip(candidates, candidates.dropFirst()).allSatisfy { $1.hasPrefix($0) && $1.count == $0.count + 1 })
        #expect(candidates.allSatisfy(ShortID.isWellFormed))
        #expect(!ShortID.isWellFormed("1234"))
    }

    @Test("new means first seen after the last look; read once marked, and unread again")
    func readAndNew() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = try ArticleArchive(directory: folder)
        let first = try archive.store([Self.article(1), Self.article(2)], from: .feeds, now: start)
        #expect(first.allSatisfy { $0.isNew && !$0.isRead })
        try archive.recordLook(at: start, refs: first.map(\.ref))
        let later = try archive.store([Self.article(3), Self.article(1)], from: .feeds, now: start + 3600)
        #expect(later.map(\.isNew) == [true, false])
        #expect(try archive.set(.read(true), ref: first[0].ref, now: start + 4000))
        #expect(try archive.article(ref: first[0].ref)?.readAt == start + 4000)
        // Marking read again keeps the first time.
        try archive.set(.read(true), ref: first[0].ref, now: start + 5000)
        #expect(try archive.article(ref: first[0].ref)?.readAt == start + 4000)
        var unread = ArchiveFilter()
        unread.unread = true
        #expect(Set(try archive.list(unread, limit: 10).map(\.ref)) == [first[1].ref, later[0].ref])
        try archive.set(.read(false), ref: first[0].ref, now: start + 6000)
        #expect(try archive.list(unread, limit: 10).count == 3)
        #expect(try archive.set(.read(true), ref: "zzzz", now: start) == false)
    }

    @Test("positions name the last list; short ids work in any case; other text names nothing")
    func resolveReferences() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = try ArticleArchive(directory: folder)
        let stored = try archive.store([Self.article(1), Self.article(2)], from: .feeds, now: start)
        try archive.recordLook(at: start, refs: stored.reversed().map(\.ref))
        #expect(try archive.resolve("1")?.ref == stored[1].ref)
        #expect(try archive.resolve("2")?.ref == stored[0].ref)
        #expect(try archive.resolve("3") == nil)
        #expect(try archive.resolve("0") == nil)
        #expect(try archive.resolve(stored[0].ref.uppercased())?.ref == stored[0].ref)
        #expect(try archive.resolve("'; DROP TABLE articles; --") == nil)
        #expect(try archive.count() == 2)
    }

    @Test("retention drops unsaved, unrated articles after news_keep_days; saved and rated ones stay for ever")
    func retention() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = try ArticleArchive(directory: folder, keepDays: 30)
        let old = try archive.store([Self.article(1), Self.article(2), Self.article(3)], from: .feeds, now: start)
        try archive.set(.saved(true), ref: old[0].ref, now: start)
        try archive.set(.rating(4), ref: old[1].ref, now: start)
        try archive.store([Self.article(4)], from: .feeds, now: start + 29 * 86_400)
        #expect(try archive.count() == 4)
        try archive.store([Self.article(5)], from: .feeds, now: start + 31 * 86_400)
        #expect(try archive.article(ref: old[2].ref) == nil)
        #expect(try archive.article(ref: old[0].ref)?.isSaved == true)
        #expect(try archive.article(ref: old[1].ref)?.rating == 4)
        #expect(try archive.count() == 4)
        var saved = ArchiveFilter()
        saved.saved = true
        #expect(try archive.list(saved, limit: 10).map(\.ref) == [old[0].ref])
    }

    @Test("to rate: read and not rated; a rating marks the article read")
    func toRate() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = try ArticleArchive(directory: folder)
        let stored = try archive.store([Self.article(1), Self.article(2), Self.article(3)], from: .feeds, now: start)
        try archive.set(.read(true), ref: stored[0].ref, now: start)
        try archive.set(.read(true), ref: stored[1].ref, now: start)
        try archive.set(.rating(5), ref: stored[1].ref, now: start)
        try archive.set(.rating(2), ref: stored[2].ref, now: start)
        var filter = ArchiveFilter()
        filter.toRate = true
        #expect(try archive.list(filter, limit: 10).map(\.ref) == [stored[0].ref])
        #expect(try archive.article(ref: stored[2].ref)?.isRead == true)
        try archive.set(.rating(nil), ref: stored[1].ref, now: start)
        #expect(try archive.list(filter, limit: 10).count == 2)
    }
}
