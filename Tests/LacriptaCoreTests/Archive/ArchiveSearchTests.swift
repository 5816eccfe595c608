import Foundation
import Testing

@testable import LacriptaCore

/// Full-text search: ranked, filtered, and safe with any text a user types.
@Suite("Archive search")
struct ArchiveSearchTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-search-\(UUID().uuidString)").path
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    private func archive() throws -> ArticleArchive {
        let archive = try ArticleArchive(directory: folder)
        try archive.store(
            [
                ArticleArchiveTests.article(1, title: "Staking yields fall", body: "Validators on Ethereum earn less."),
                ArticleArchiveTests.article(2, title: "Ethereum staking hits a record", body: "More ether is staked than ever."),
                ArticleArchiveTests.article(3, title: "Bitcoin miners", body: "Hashrate climbs.", outlet: "Decrypt"),
                ArticleArchiveTests.article(4, title: "Crème brûlée for traders", body: "Naïve café analysis"),
            ], from: .feeds, coins: [["ETH"], ["ETH"], ["BTC"], []], now: now)
        return archive
    }

    @Test("words in the title rank above words in the text; every word must match")
    func ranking() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = try archive()
        #expect(try archive.search("ethereum", limit: 10).map(\.article.title) == ["Ethereum staking hits a record", "Staking yields fall"])
        #expect(try archive.search("staking record", limit: 10).map(\.article.title) == ["Ethereum staking hits a record"])
        #expect(try archive.search("HASHRATE", limit: 10).count == 1)
        #expect(try archive.search("creme cafe", limit: 10).count == 1)
        #expect(try archive.search("nothing-like-it", limit: 10).isEmpty)
    }

    @Test("filters combine with the search: coin, outlet, saved")
    func filters() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = try archive()
        var filter = ArchiveFilter()
        filter.coin = "btc"
        #expect(try archive.search("hashrate", filter: filter, limit: 10).count == 1)
        #expect(try archive.search("staking", filter: filter, limit: 10).isEmpty)
        filter = ArchiveFilter()
        filter.outlet = "de crypt"
        #expect(try archive.search("miners", filter: filter, limit: 10).count == 1)
        filter = ArchiveFilter()
        filter.saved = true
        #expect(try archive.search("staking", filter: filter, limit: 10).isEmpty)
    }

    @Test(
        "query syntax in the user's text is searched as words, never run: no error, no widening",
        arguments: ["\"", "staking\"", "NEAR(staking", "staking OR bitcoin", "*", "-staking", "title:staking", "staking AND", "')--", "^", "{a b}"]
    )
    func hostileQueries(query: String) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let archive = try archive()
        let found = try archive.search(query, limit: 10)
        // "OR" is a word here, so nothing holds both it and the rest.
        #expect(found.count <= 2)
        #expect(try archive.count() == 4)
    }

    @Test("the MATCH text quotes every word and doubles quotes")
    func matchText() {
        #expect(FTSQuery.match(for: "  eth  \"staking\" ") == "\"eth\" \"\"\"staking\"\"\"")
        #expect(FTSQuery.match(for: "* - ()") == nil)
    }
}
