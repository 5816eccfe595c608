import Foundation
import LacriptaSimulator
import Testing

/// The news archive with the built binary against the simulated feeds: read and new marks across
/// runs, `lacripta article`, the offline lists, a damaged archive, and many processes marking.
@Suite("news archive end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct NewsArchiveEndToEndTests {
    final class Fixture {
        let simulator: Simulator
        let home: URL

        init() throws {
            simulator = try SimulatorHarness.start()
            home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-archive-e2e-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        }

        deinit {
            simulator.stop()
            try? FileManager.default.removeItem(at: home)
        }

        var archivePath: String { home.path + "/.local/share/lacripta/news.sqlite" }

        var environment: [String: String] {
            let feeds = [SimulatedFeed.coinDesk, .coinTelegraph, .decrypt, .theBlock].map(simulator.feedURL).map(\.absoluteString)
            return BinaryRunner.environment(
                home: home,
                extra: [
                    "LACRIPTA_COINGECKO_URL": simulator.coinGeckoBaseURL.absoluteString, "LACRIPTA_SOURCE": "public",
                    "LACRIPTA_NEWS_FEEDS": feeds.joined(separator: ","), "COLUMNS": "120",
                ])
        }

        func run(_ arguments: String...) async throws -> BinaryRunner.Result {
            try await BinaryRunner.run(arguments, environment: environment)
        }

        func items(_ arguments: String...) async throws -> [[String: Any]] {
            let result = try await BinaryRunner.run(arguments + ["--json"], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        }
    }

    @Test("news twice: everything new and unread, then nothing new; --show reads, article saves and rates, --unread and --saved follow")
    func readingAcrossRuns() async throws {
        let fixture = try Fixture()
        let first = try await fixture.run("news", "-n", "5")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.isEmpty)
        let lines = first.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("1.  • ") == true || lines.first?.hasPrefix("1. • ") == true)
        #expect(lines.contains { $0.hasSuffix(" unread") && $0.contains(" new") && !$0.contains("since") })
        // The counts are of the five lines shown, not of every article the feeds gave.
        #expect(lines.contains { $0 == "5 new · 5 unread" }, "\(lines)")
        let listed = try await fixture.items("news", "-n", "100")
        #expect(listed.count > 20)
        #expect(listed.allSatisfy { ($0["ref"] as? String)?.count == 4 && $0["read"] as? Bool == false && $0["saved"] as? Bool == false })
        // The first text list was a look: what the JSON list shows next is no longer new.
        #expect(listed.allSatisfy { $0["new"] as? Bool == false })
        let again = try await fixture.run("news", "-n", "5")
        #expect(again.stdout.contains("0 new since"))

        let shown = try await fixture.run("news", "--show", "2")
        #expect(shown.status == 0)
        let ref = try #require(listed[1]["ref"] as? String)
        #expect(shown.stdout.contains("Archive:") && shown.stdout.contains("\(ref) · read"))
        let saved = try await fixture.run("article", ref, "--save", "--rate", "4")
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stdout.contains("saved") && saved.stdout.contains("rated 4/5"))
        let unread = try await fixture.items("news", "--unread", "-n", "100")
        #expect(unread.count == listed.count - 1)
        #expect(!unread.contains { $0["ref"] as? String == ref })

        // By position in the last list: `news --unread` above is the last list now.
        let second = try #require(unread.first?["ref"] as? String)
        let byPosition = try await fixture.items("article", "1")
        #expect(byPosition.first?["ref"] as? String == second && byPosition.first?["read"] as? Bool == true)

        // With every feed down and no cache: the archive still answers.
        fixture.simulator.feeds.setFault(.down)
        try FileManager.default.removeItem(at: fixture.home.appendingPathComponent("cache"))
        let savedList = try await fixture.items("news", "--saved")
        #expect(savedList.map { $0["ref"] as? String } == [ref])
        #expect(savedList.first?["rating"] as? Int == 4)
        let title = try #require(listed[1]["title"] as? String)
        let word = try #require(title.split(separator: " ").map(String.init).max { $0.count < $1.count })
        let found = try await fixture.items("news", "--search", word)
        #expect(found.contains { $0["ref"] as? String == ref })
        let toRate = try await fixture.items("news", "--to-rate")
        #expect(toRate.map { $0["ref"] as? String } == [second])
        let text = try await fixture.run("news", "--search", word)
        #expect(text.status == 0 && text.stdout.contains(ref))
    }

    @Test(
        "search text is data: query syntax, quotes and SQL find nothing or words, never fail",
        arguments: ["\"", "NEAR(", "'; DROP TABLE articles; --", "a* OR -b", "()"])
    func hostileSearch(query: String) async throws {
        let fixture = try Fixture()
        #expect(try await fixture.run("news").status == 0)
        let result = try await fixture.run("news", "--search", query)
        #expect(result.status == 0 || result.status == 64, "\(result.stderr)")
        #expect(try await fixture.items("news", "-n", "100").count > 20)
    }

    @Test("an unknown article is one line saying how to name one (1); bad marks are usage errors (64)")
    func unknownArticle() async throws {
        let fixture = try Fixture()
        #expect(try await fixture.run("news").status == 0)
        let missing = try await fixture.run("article", "zzzz")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("No article zzzz") && missing.stderr.split(separator: "\n").count == 1)
        #expect(try await fixture.run("article", "999").status == 1)
        #expect(try await fixture.run("article", "1", "--rate", "6").status == 64)
        #expect(try await fixture.run("article", "1", "--save", "--unsave").status == 64)
        #expect(try await fixture.run("news", "--saved", "--following").status == 64)
    }

    @Test("a damaged archive: news works, says once what is wrong and where, and leaves the file byte for byte")
    func damagedArchive() async throws {
        let fixture = try Fixture()
        let folder = (fixture.archivePath as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let bytes = Data(("not a database\n" + String(repeating: "x", count: 9000)).utf8)
        try bytes.write(to: URL(fileURLWithPath: fixture.archivePath))
        let result = try await fixture.run("news", "-n", "3")
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains(fixture.archivePath) == true && lines.first?.contains("left as it is") == true)
        #expect(result.stdout.split(separator: "\n").first?.hasPrefix("1. ") == true)
        #expect(!result.stdout.contains("•"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.archivePath)) == bytes)
        let article = try await fixture.run("article", "1", "--save")
        #expect(article.status == 1 && article.stderr.contains(fixture.archivePath))
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.archivePath)) == bytes)
    }

    @Test("20 processes saving and rating at once: every mark is kept")
    func concurrentMarks() async throws {
        let fixture = try Fixture()
        let listed = try await fixture.items("news", "-n", "100")
        let refs = try listed.prefix(20).map { try #require($0["ref"] as? String) }
        try #require(refs.count == 20)
        let environment = fixture.environment
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for (index, ref) in refs.enumerated() {
                group.addTask {
                    try await BinaryRunner.run(["article", ref, "--save", "--rate", String(index % 5 + 1)], environment: environment).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.allSatisfy { $0 == 0 })
        let saved = try await fixture.items("news", "--saved", "-n", "100")
        #expect(Set(saved.compactMap { $0["ref"] as? String }) == Set(refs))
        for (index, ref) in refs.enumerated() {
            let rating = saved.first { $0["ref"] as? String == ref }?["rating"] as? Int
            #expect(rating == index % 5 + 1)
        }
    }

    @Test("kill -9 at any point of news and article runs: every committed mark survives and the next run opens the archive")
    func killedMidWrite() async throws {
        let fixture = try Fixture()
        let listed = try await fixture.items("news", "-n", "100")
        let kept = try #require(listed.first?["ref"] as? String)
        #expect(try await fixture.run("article", kept, "--save", "--rate", "3").status == 0)
        let environment = fixture.environment
        // Each round starts a run and kills it at another moment: before, during or after its
        // transaction; the spread of delays is what makes some land mid-write.
        for round in 0..<12 {
            let arguments = round.isMultiple(of: 2) ? ["news", "-n", "100"] : ["article", "2", "--save"]
            try await BinaryRunner.offPool {
                let process = Process()
                process.executableURL = BinaryRunner.binary
                process.arguments = arguments
                process.environment = environment
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                usleep(useconds_t(round * 15_000))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        let saved = try await fixture.items("news", "--saved", "-n", "100")
        #expect(saved.contains { $0["ref"] as? String == kept && $0["rating"] as? Int == 3 })
        let after = try await fixture.run("news", "-n", "3")
        #expect(after.status == 0 && after.stderr.isEmpty, "\(after.stderr)")
        #expect(after.stdout.contains("unread"))
    }

    @Test("--for-you: with nothing rated it says so; after rating, the rated kind leads and each article says why")
    func forYou() async throws {
        let fixture = try Fixture()
        let first = try await fixture.run("news", "--for-you", "-n", "3")
        #expect(first.status == 0)
        #expect(first.stderr.contains("nothing rated yet"))
        let listed = try await fixture.items("news", "-n", "100")
        let decrypt = try #require(listed.first { $0["source"] as? String == "Decrypt" }?["ref"] as? String)
        #expect(try await fixture.run("article", decrypt, "--rate", "5").status == 0)
        let picks = try await fixture.items("news", "--for-you", "-n", "100")
        // The rated article's kinds (its outlet, categories, tags) now lead, each pick saying so.
        #expect((picks.first?["why"] as? [String])?.contains { $0.hasPrefix("you rate ") && $0.hasSuffix("5.0 on average") } == true)
        #expect(
            picks.contains { $0["source"] as? String == "Decrypt" && ($0["why"] as? [String])?.contains("you rate Decrypt 5.0 on average") == true })
        // What was read goes last: the rated article itself is not recommended first.
        #expect(picks.first?["ref"] as? String != decrypt)
        #expect(try await fixture.run("news", "--for-you", "--following").status == 64)
    }

    @Test("feeds: the defaults listed; an OPML import (folders as tags, duplicates once) is what news then reads; export, rm")
    func feedsCommand() async throws {
        let fixture = try Fixture()
        var environment = fixture.environment
        environment["LACRIPTA_NEWS_FEEDS"] = nil
        func run(_ arguments: String...) async throws -> BinaryRunner.Result {
            try await BinaryRunner.run(arguments, environment: environment)
        }
        let defaults = try await run("feeds")
        #expect(defaults.status == 0 && defaults.stdout.contains("CoinDesk") && defaults.stdout.contains("https://decrypt.co/feed"))
        let coinDesk = fixture.simulator.feedURL(.coinDesk).absoluteString
        let decrypt = fixture.simulator.feedURL(.decrypt).absoluteString
        let opml = """
            <?xml version="1.0"?><opml version="1.0"><head><title>mine</title></head><body>
            <outline text="Crypto"><outline type="rss" text="Desk &amp; Co" xmlUrl="\(coinDesk)"/>
            <outline text="More"><outline type="rss" title="Decrypt" xmlUrl="\(decrypt)"/></outline></outline>
            <outline type="rss" text="Again" xmlUrl="\(coinDesk)"/></body></opml>
            """
        let file = fixture.home.appendingPathComponent("subs.opml")
        try Data(opml.utf8).write(to: file)
        // Start from an empty list, so news reads exactly what was imported.
        for name in ["CoinDesk", "Cointelegraph", "Decrypt", "The Block"] { _ = try await run("feeds", "rm", name) }
        let imported = try await run("feeds", "import", file.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported 2 of 2 feeds"))
        let list = try String(contentsOfFile: fixture.home.path + "/config/lacripta/feeds", encoding: .utf8)
        #expect(list.contains("\(coinDesk) \"~Desk & Co\" \"Crypto\""))
        #expect(list.contains("\(decrypt) \"~Decrypt\" \"Crypto\" \"Crypto/More\""))
        let news = try await BinaryRunner.run(["news", "--json", "-n", "100"], environment: environment)
        #expect(news.status == 0, "\(news.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(news.stdout.utf8)) as? [[String: Any]])
        #expect(Set(items.compactMap { $0["source"] as? String }) == ["Desk & Co", "Decrypt"])
        let listed = try await run("feeds", "--json")
        let feeds = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(feeds.count == 2 && feeds.allSatisfy { ($0["articles"] as? Int ?? 0) > 0 })
        let exported = try await run("feeds", "export")
        #expect(exported.stdout.hasPrefix("<?xml") && exported.stdout.contains("xmlUrl=\"\(decrypt)\""))
        #expect(try await run("feeds", "rm", "decrypt").status == 0)
        #expect(try await run("feeds", "rm", "decrypt").status == 64)
        let broken = fixture.home.appendingPathComponent("broken.opml")
        try Data("<opml><body><outline xmlUrl=\"x\">".utf8).write(to: broken)
        let failed = try await run("feeds", "import", broken.path)
        #expect(failed.status == 65 && failed.stderr.contains(broken.path))
    }

    @Test("feeds lists when news last fetched each feed and the last error of one that failed, until it answers again")
    func feedStatus() async throws {
        let fixture = try Fixture()
        var environment = fixture.environment
        environment["LACRIPTA_NEWS_FEEDS"] = nil
        func run(_ arguments: String...) async throws -> BinaryRunner.Result {
            try await BinaryRunner.run(arguments, environment: environment)
        }
        let before = try await run("feeds")
        #expect(before.stdout.contains("not fetched yet") && !before.stdout.contains("last error"))
        for name in ["CoinDesk", "Cointelegraph", "Decrypt", "The Block"] { _ = try await run("feeds", "rm", name) }
        let decrypt = fixture.simulator.feedURL(.decrypt).absoluteString
        let dead = "http://127.0.0.1:9/feed.xml"
        #expect(try await run("feeds", "add", decrypt, "--name", "Decrypt").status == 0)
        #expect(try await run("feeds", "add", dead, "--name", "Gone").status == 0)
        let news = try await run("news", "-n", "3")
        #expect(news.status == 0, "\(news.stderr)")
        let listed = try await run("feeds", "--json")
        let feeds = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let working = try #require(feeds.first { $0["url"] as? String == decrypt })
        let failing = try #require(feeds.first { $0["url"] as? String == dead })
        #expect((working["fetched"] as? String)?.hasSuffix("Z") == true && working["error"] is NSNull)
        #expect(failing["fetched"] is NSNull && (failing["error"] as? String)?.isEmpty == false && failing["errorAt"] is String)
        let text = try await run("feeds")
        #expect(text.stdout.contains("fetched ") && text.stdout.contains("last error"))
    }
}
