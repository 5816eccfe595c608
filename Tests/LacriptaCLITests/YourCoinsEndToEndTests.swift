import Foundation
import LacriptaSimulator
import Testing

/// `search`, `fav`, `holdings` and `top --favorites` with the built binary against the simulator,
/// on both sources: what a person following their own coins sees, and what is left on disk.
@Suite("your coins end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct YourCoinsEndToEndTests {
    /// The two market-data sources.
    enum Source: String, CaseIterable, CustomTestStringConvertible {
        case coinGecko, cryptoCompare
        var testDescription: String { rawValue }
    }

    final class Fixture: EndToEndFixture {
        let source: Source

        init(_ source: Source) throws {
            self.source = source
            try super.init("yours", simulator: SimulatorHarness.start())
        }

        var environment: [String: String] {
            let extra =
                switch source {
                case .coinGecko: coinGecko
                case .cryptoCompare: cryptoCompare
                }
            return environment(with: extra.merging(["COLUMNS": "120"]) { $1 })
        }

        /// The store's folder (`~/.local/share/lacripta`, no XDG_DATA_HOME set).
        var store: URL { home.appendingPathComponent(".local/share/lacripta") }

        func file(_ name: String) throws -> String {
            try String(contentsOf: store.appendingPathComponent(name), encoding: .utf8)
        }

        func run(_ arguments: String...) async throws -> BinaryRunner.Result {
            try await BinaryRunner.run(arguments, environment: environment)
        }

        /// How many quote requests the simulator answered.
        var quoteRequests: Int {
            switch source {
            case .coinGecko: simulator.coinGecko.requestLog.filter { $0.path.hasSuffix("/coins/markets") && $0.queryValue("symbols") != nil }.count
            case .cryptoCompare: simulator.rest.requestLog.filter { $0.path == "/data/pricemultifull" }.count
            }
        }

        func json(_ text: String) throws -> [[String: Any]] {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        }
    }

    @Test(
        "fav add checks the coin list, adds once, refuses an unknown coin without writing; fav lists both with one request",
        arguments: Source.allCases)
    func favorites(source: Source) async throws {
        let fixture = try Fixture(source)
        let added = try await fixture.run("fav", "add", "btc", "ETH")
        #expect(added.status == 0, "\(added.stderr)")
        let clash = "ETH is the ticker of 3 coins on CoinGecko; prices are the largest one's (lacripta search ETH lists them).\n"
        #expect(added.stdout == "Added to your favourites: BTC, ETH.\n" + (source == .coinGecko ? clash : ""))
        let again = try await fixture.run("fav", "add", "BTC")
        #expect(again.status == 0 && again.stdout == "Already favourites: BTC.\n")
        let before = try fixture.file("favorites")
        #expect(before.hasSuffix("version 1\nBTC\nETH\n"))
        let unknown = try await fixture.run("fav", "add", "SOL", "NOSUCHCOIN9")
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("NOSUCHCOIN9") && unknown.stderr.contains("nothing was changed"))
        #expect(try fixture.file("favorites") == before)

        let listed = try await fixture.run("fav")
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].contains("BTC ★") && lines[2].contains("ETH ★"))
        #expect(lines.last?.hasSuffix("your favourites in your order") == true)
        #expect(fixture.quoteRequests == 1, "one request for the whole set")
        let items = try fixture.json(try await fixture.run("fav", "--json").stdout)
        #expect(items.map { $0["symbol"] as? String } == ["BTC", "ETH"])
        #expect(items.allSatisfy { $0["favorite"] as? Bool == true && $0["price"] is Double })

        let removed = try await fixture.run("fav", "rm", "eth", "DOGE")
        #expect(removed.stdout == "Removed from your favourites: ETH.\nNot among your favourites: DOGE.\n")
        #expect(try fixture.file("favorites").hasSuffix("version 1\nBTC\n"))
    }

    @Test("top marks favourites with ★ and in JSON; top --favorites shows only them", arguments: Source.allCases)
    func top(source: Source) async throws {
        let fixture = try Fixture(source)
        #expect(try await fixture.run("fav", "add", "ETH").status == 0)
        let table = try await fixture.run("top", "-n", "10")
        #expect(table.status == 0)
        #expect(table.stdout.split(separator: "\n").filter { $0.contains("★") }.count == 1)
        #expect(table.stdout.contains("ETH ★"))
        let items = try fixture.json(try await fixture.run("top", "-n", "10", "--json").stdout)
        #expect(items.filter { $0["favorite"] as? Bool == true }.map { $0["symbol"] as? String } == ["ETH"])
        #expect(items.allSatisfy { $0["favorite"] is Bool })
        let only = try fixture.json(try await fixture.run("top", "--favorites", "--json").stdout)
        #expect(only.map { $0["symbol"] as? String } == ["ETH"])
        let conflict = try await fixture.run("top", "--favorites", "--interactive")
        #expect(conflict.status == 64)
    }

    @Test("search ranks the exact ticker first over a list of thousands, says who shares a ticker, and marks yours", arguments: Source.allCases)
    func search(source: Source) async throws {
        let fixture = try Fixture(source)
        #expect(try await fixture.run("fav", "add", "ETH").status == 0)
        #expect(try await fixture.run("holdings", "set", "BTC", "1").status == 0)
        let table = try await fixture.run("search", "eth", "-n", "8")
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n")
        #expect(lines[1].hasPrefix("ETH"))
        #expect(lines[1].contains("★"))
        let count = Int(lines.last?.split(separator: " ").dropFirst().first ?? "") ?? 0
        #expect(count >= 2000, "the simulated list has thousands of coins")
        let items = try fixture.json(try await fixture.run("search", "eth", "--json").stdout)
        #expect(items.first?["symbol"] as? String == "ETH" && items.first?["match"] as? String == "symbol")
        #expect(items.first?["favorite"] as? Bool == true)
        if source == .coinGecko {
            #expect(items.first?["id"] as? String == "ethereum", "the namesake with the better rank first")
            #expect(items.first?["sameSymbol"] as? Int == 3)
            #expect(table.stdout.contains("by 3 coins"))
        }
        let bitcoin = try fixture.json(try await fixture.run("search", "bitcoin", "--json").stdout)
        #expect(bitcoin.contains { $0["symbol"] as? String == "BTC" && $0["held"] as? Bool == true })
        let wrapped = try fixture.json(try await fixture.run("search", "wrapped", "-n", "500", "--json").stdout)
        let tickers = wrapped.compactMap { $0["symbol"] as? String }
        #expect(source == .cryptoCompare || Set(tickers).count < tickers.count, "constructed namesakes share tickers")
    }

    @Test(
        "holdings: amounts as typed, value and P/L, private file, hidden amounts, a cost in another currency at a stated rate",
        arguments: Source.allCases)
    func holdings(source: Source) async throws {
        let fixture = try Fixture(source)
        #expect(try await fixture.run("holdings", "set", "btc", "0.1", "--cost", "30000").status == 0)
        #expect(try await fixture.run("holdings", "set", "ETH", "0.2").status == 0)
        let bad = try await fixture.run("holdings", "set", "ETH", "1e3")
        #expect(bad.status == 64)
        let unknown = try await fixture.run("holdings", "set", "NOSUCHCOIN9", "1")
        #expect(unknown.status == 65)
        let text = try fixture.file("holdings")
        #expect(text.hasSuffix("version 1\nBTC 0.1 30000 USD\nETH 0.2\n"))
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.store.appendingPathComponent("holdings").path)[.posixPermissions]
        #expect(mode as? Int == 0o600)

        let result = try await fixture.run("holdings", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rows = try #require(body["holdings"] as? [[String: Any]])
        #expect(rows.map { $0["amount"] as? String } == ["0.1", "0.2"])
        #expect(rows[0]["profit"] is Double || rows[0]["profit"] is Int)
        #expect(rows.allSatisfy { $0["sharePercent"] is Double })
        let table = try await fixture.run("holdings")
        #expect(table.stdout.contains("0.1") && table.stdout.split(separator: "\n").last(where: { $0.hasPrefix("Total") }) != nil)

        let hidden = try await fixture.run("holdings", "--hide-amounts")
        #expect(hidden.status == 0)
        #expect(!hidden.stdout.contains("0.1 ") && !hidden.stdout.contains("Amount") && !hidden.stdout.contains("Value"))
        #expect(hidden.stdout.contains("%"))
        let configured = try await BinaryRunner.run(["holdings"], environment: fixture.environment.merging(["LACRIPTA_HIDE_AMOUNTS": "true"]) { $1 })
        #expect(configured.status == 0 && !configured.stdout.contains("Amount") && configured.stdout.contains("Share"))

        // A cost recorded in USD counts in a total in EUR at today's USD rate, which is named.
        let euros = try await fixture.run("holdings", "--currency", "EUR", "--json")
        #expect(euros.status == 0)
        #expect(!euros.stderr.contains("no P/L for BTC"), "\(euros.stderr)")
        let euroBody = try #require(try JSONSerialization.jsonObject(with: Data(euros.stdout.utf8)) as? [String: Any])
        let euroRows = try #require(euroBody["holdings"] as? [[String: Any]])
        #expect(euroRows[0]["profit"] is Double || euroRows[0]["profit"] is Int)
        let rates = try #require(euroBody["rates"] as? [[String: Any]])
        #expect(rates.map { $0["from"] as? String } == ["USD"] && rates.allSatisfy { $0["to"] as? String == "EUR" })
        let euroTable = try await fixture.run("holdings", "--currency", "EUR")
        #expect(euroTable.stdout.contains("Costs and gains in USD converted at 1 USD = "))
    }

    @Test("twenty fav add processes at once, each with its own coin, leave all twenty")
    func concurrentAdds() async throws {
        let fixture = try Fixture(.coinGecko)
        let top = try fixture.json(try await fixture.run("top", "-n", "20", "--json").stdout)
        let symbols = top.compactMap { $0["symbol"] as? String }
        try #require(Set(symbols).count == 20)
        let environment = fixture.environment
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for symbol in symbols {
                group.addTask { try await BinaryRunner.run(["fav", "add", symbol], environment: environment).status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 0, count: 20))
        let stored = try fixture.file("favorites").split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("version") }
        #expect(Set(stored.map(String.init)) == Set(symbols.map { $0.uppercased() }))
        #expect(stored.count == 20)
    }

    @Test("twenty fav add processes at once into three groups lose no coin and put each in its own group")
    func concurrentGroupAdds() async throws {
        let fixture = try Fixture(.coinGecko)
        let top = try fixture.json(try await fixture.run("top", "-n", "20", "--json").stdout)
        let symbols = top.compactMap { ($0["symbol"] as? String)?.uppercased() }
        try #require(Set(symbols).count == 20)
        let environment = fixture.environment
        let groups = ["core", "defi", "default"]
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { tasks in
            for (index, symbol) in symbols.enumerated() {
                tasks.addTask { try await BinaryRunner.run(["fav", "add", symbol, "--group", groups[index % 3]], environment: environment).status }
            }
            return try await tasks.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 0, count: 20))
        for (offset, group) in groups.enumerated() {
            let listed = try fixture.json(try await fixture.run("fav", "--group", group, "--json").stdout)
            let expected = symbols.enumerated().filter { $0.offset % 3 == offset }.map(\.element)
            #expect(Set(listed.compactMap { ($0["symbol"] as? String)?.uppercased() }) == Set(expected), "group \(group)")
        }
    }

    @Test("watchlist groups: fav add --group, fav --group, fav groups, top --favorites --group, rm from one group")
    func groups() async throws {
        let fixture = try Fixture(.coinGecko)
        #expect(try await fixture.run("fav", "add", "BTC", "ETH").status == 0)
        let added = try await fixture.run("fav", "add", "BTC", "SOL", "--group", "Long-Term")
        #expect(added.status == 0 && added.stdout.contains("Added to the group long-term: BTC, SOL."))
        #expect(try fixture.file("favorites").hasSuffix("version 2\nBTC\nETH\n[long-term]\nBTC\nSOL\n"))
        let listed = try fixture.json(try await fixture.run("fav", "--group", "long-term", "--json").stdout)
        #expect(listed.compactMap { $0["symbol"] as? String } == ["BTC", "SOL"])
        let top = try fixture.json(try await fixture.run("top", "--favorites", "--group", "long-term", "--json").stdout)
        #expect(Set(top.compactMap { $0["symbol"] as? String }) == ["BTC", "SOL"])
        let defaultGroup = try fixture.json(try await fixture.run("fav", "--group", "default", "--json").stdout)
        #expect(defaultGroup.compactMap { $0["symbol"] as? String } == ["BTC", "ETH"])
        let groups = try await fixture.run("fav", "groups")
        #expect(groups.stdout == "Group      Coins\ndefault        2\nlong-term      2\n", "aligned in columns")
        #expect(try await fixture.run("fav", "rm", "BTC", "--group", "long-term").status == 0)
        let all = try fixture.json(try await fixture.run("fav", "--json").stdout)
        #expect(all.compactMap { $0["symbol"] as? String } == ["BTC", "ETH", "SOL"], "BTC is still in the default group")
        let bad = try await fixture.run("fav", "--group", "two words")
        #expect(bad.status == 64 && bad.stderr.contains("--group"))
    }

    @Test("a favourites file that does not parse is named with its line, exit 65, and left byte for byte")
    func corruptFile() async throws {
        let fixture = try Fixture(.coinGecko)
        try FileManager.default.createDirectory(at: fixture.store, withIntermediateDirectories: true)
        let text = "# mine\nBTC\nETH SOL\n"
        try Data(text.utf8).write(to: fixture.store.appendingPathComponent("favorites"))
        for arguments in [["fav", "add", "DOGE"], ["fav"], ["top", "--favorites"]] {
            let result = try await BinaryRunner.run(arguments, environment: fixture.environment)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderr.contains("favorites, line 3: expected one coin symbol"), "\(arguments)")
        }
        let top = try await fixture.run("top", "-n", "5")
        #expect(top.status == 0 && top.stderr.contains("favourites not shown"))
        #expect(try fixture.file("favorites") == text)
    }
}
