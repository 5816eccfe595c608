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
}
