import Foundation
import LacriptaNet
import Testing

@testable import LacriptaCore

/// The on-disk cache: bodies with their validators, and entries older lacripta versions wrote.
@Suite("Response cache")
struct ResponseCacheTests {
    private let cache = ResponseCache(
        directory: FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-cache-\(UUID().uuidString)"))
    private let endpoint = Endpoint.news(category: "ETH")

    private func apiBase() throws -> URL { try #require(URL(string: "https://min-api.cryptocompare.com")) }

    @Test("validators are stored next to the body and read back with it")
    func roundTrip() throws {
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let base = try apiBase()
        let validators = HTTPValidators(etag: "W/\"abc\"", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT")
        cache.store(Data("body".utf8), validators: validators, for: endpoint, base: base)
        let entry = try #require(cache.load(endpoint, base: base))
        #expect(entry.body == Data("body".utf8))
        #expect(entry.validators == validators)
    }

    @Test("a new body without validators removes the old body's, so a 304 can never vouch for it")
    func staleValidatorsGo() throws {
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let base = try apiBase()
        cache.store(Data("v1".utf8), validators: HTTPValidators(etag: "\"v1\""), for: endpoint, base: base)
        cache.store(Data("v2".utf8), for: endpoint, base: base)
        let entry = try #require(cache.load(endpoint, base: base))
        #expect(entry.body == Data("v2".utf8))
        #expect(entry.validators.isEmpty)
    }

    @Test("an entry without a validators file (an older lacripta's), or with one that does not read, has none")
    func olderEntries() throws {
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let base = try apiBase()
        try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: cache.fileURL(for: endpoint, base: base))
        #expect(cache.load(endpoint, base: base)?.validators.isEmpty == true)
        try Data("{not json".utf8).write(to: cache.validatorsURL(for: endpoint, base: base))
        #expect(cache.load(endpoint, base: base)?.validators.isEmpty == true)
        try Data(#"{"etag":"\"a\"\r\nX: 1"}"#.utf8).write(to: cache.validatorsURL(for: endpoint, base: base))
        #expect(cache.load(endpoint, base: base)?.validators.isEmpty == true)
    }

    /// An endpoint named only by its text, as a search or a feed would be.
    private struct Named: CacheKey {
        var displayName: String
    }

    @Test("requests that differ only in punctuation, spaces or case have files of their own")
    func punctuationDoesNotFold() throws {
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let base = try apiBase()
        let queries = ["/search?query=zq.nothing", "/search?query=zq_nothing", "/search?query=zq nothing", "/search?query=ZQ.nothing"]
        for query in queries { cache.store(Data(query.utf8), for: Named(displayName: query), base: base) }
        for query in queries { #expect(cache.load(Named(displayName: query), base: base)?.body == Data(query.utf8)) }
        #expect(Set(queries.map { cache.fileURL(for: Named(displayName: $0), base: base) }).count == queries.count)
    }

    @Test("a query of 2,000 characters is cached and read back: the file name stays short")
    func longQuery() throws {
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let base = try apiBase()
        let long = Named(displayName: "/search?query=" + String(repeating: "ü", count: 2_000))
        cache.store(Data("long".utf8), for: long, base: base)
        #expect(cache.load(long, base: base)?.body == Data("long".utf8))
        #expect(cache.fileURL(for: long, base: base).lastPathComponent.utf8.count < 100)
    }

    @Test("two feeds on one server that differ only in their query are cached apart")
    func feedQueries() throws {
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let feed = Named(displayName: "feed")
        let bitcoin = try #require(URL(string: "https://news.example/rss?q=bitcoin"))
        let ether = try #require(URL(string: "https://news.example/rss?q=ether"))
        cache.store(Data("bitcoin".utf8), for: feed, base: bitcoin)
        cache.store(Data("ether".utf8), for: feed, base: ether)
        #expect(cache.load(feed, base: bitcoin)?.body == Data("bitcoin".utf8))
        #expect(cache.load(feed, base: ether)?.body == Data("ether".utf8))
    }
}
