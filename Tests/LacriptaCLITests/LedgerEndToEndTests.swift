import Foundation
import LacriptaSimulator
import Testing

/// `holdings buy|sell|in|out|tx` and the lists by lots, with the built binary against the
/// simulator: what a person keeping a ledger sees, and what is left in the journal.
@Suite("ledger end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct LedgerEndToEndTests {
    final class Fixture {
        let simulator: Simulator
        let home: URL

        init() throws {
            simulator = try SimulatorHarness.start()
            home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-ledger-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        }

        deinit {
            simulator.stop()
            try? FileManager.default.removeItem(at: home)
        }

        var environment: [String: String] {
            BinaryRunner.environment(
                home: home,
                extra: ["LACRIPTA_COINGECKO_URL": simulator.coinGeckoBaseURL.absoluteString, "LACRIPTA_SOURCE": "public", "COLUMNS": "160"])
        }

        var store: URL { home.appendingPathComponent(".local/share/lacripta") }

        func file(_ name: String) throws -> String { try String(contentsOf: store.appendingPathComponent(name), encoding: .utf8) }

        func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: store.appendingPathComponent(name)) }

        func run(_ arguments: String..., extra: [String: String] = [:]) async throws -> BinaryRunner.Result {
            try await BinaryRunner.run(arguments, environment: environment.merging(extra) { $1 })
        }

        /// The journal's transaction lines (no comments, no version line).
        func entries() throws -> [String] {
            try file("journal").split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.hasPrefix("version") }
        }

        func object(_ text: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
    }

    @Test("buy, sell, transfers and fees are kept as typed; the lists show lots, realised and unrealised P/L by the method chosen")
    func ledger() async throws {
        let fixture = try Fixture()
        let buy = try await fixture.run(
            "holdings", "buy", "btc", "2.00", "--price", "100", "--fee", "2", "--date", "2024-01-01", "--venue", "coinbase")
        #expect(buy.status == 0, "\(buy.stderr)")
        #expect(buy.stdout.hasPrefix("Recorded: buy 2.00 BTC at 100 USD each, fee 2 USD on 2024-01-01 (id "))
        #expect(try await fixture.run("holdings", "buy", "BTC", "1", "--price", "200", "--date", "2024-02-01T10:00:00Z").status == 0)
        let sell = try await fixture.run(
            "holdings", "sell", "BTC", "1", "--price", "300", "--fee", "0.01 BTC", "--date", "2024-03-01", "--note", "rent")
        #expect(sell.status == 0, "\(sell.stderr)")
        #expect(try await fixture.run("holdings", "in", "ETH", "2", "--price", "10", "--date", "2024-01-05").status == 0)
        #expect(try await fixture.run("holdings", "out", "ETH", "0.5", "--date", "2024-04-01").status == 0)
        let entries = try fixture.entries()
        #expect(entries.count == 5)
        #expect(entries[0].hasPrefix("2024-01-01 buy 2.00 BTC @ 100 USD fee 2 USD at:coinbase id:"))
        #expect(entries[2].hasPrefix("2024-03-01 sell 1 BTC @ 300 USD fee 0.01 BTC id:") && entries[2].hasSuffix(" ; rent"))
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.store.appendingPathComponent("journal").path)[.posixPermissions]
        #expect(mode as? Int == 0o600)

        // FIFO: the sale takes 1 of the 2.00 lot (cost 200 + 2 = 202, 101 a coin): gain 300 − 101 =
        // 199; the 0.01 BTC fee takes 0.01 more of it (1.01): −1.01. Left: 0.99 @ 101 and 1 @ 200.
        let summary = try fixture.object(try await fixture.run("holdings", "--json").stdout)
        let rows = try #require(summary["holdings"] as? [[String: Any]])
        #expect(rows.map { $0["symbol"] as? String } == ["BTC", "ETH"])
        #expect(rows.map { $0["amount"] as? String } == ["1.99", "1.5"])
        #expect((rows[0]["realized"] as? NSNumber)?.decimalValue == Decimal(string: "197.99"))
        #expect((rows[0]["cost"] as? NSNumber)?.decimalValue == Decimal(string: "299.99"))
        #expect(summary["method"] as? String == "fifo")

        // LIFO (by option, then by the environment): the sale takes the 200 lot: 300 − 200 = 100,
        // the fee 0.01 of the 2.00 lot (1.01): realised 98.99.
        for extra in [["LACRIPTA_COST_METHOD": "fifo"], ["LACRIPTA_COST_METHOD": "lifo"]] {
            let arguments = extra["LACRIPTA_COST_METHOD"] == "fifo" ? ["holdings", "--json", "--method", "lifo"] : ["holdings", "--json"]
            let result = try await BinaryRunner.run(arguments, environment: fixture.environment.merging(extra) { $1 })
            let lifo = try #require((try fixture.object(result.stdout))["holdings"] as? [[String: Any]])
            #expect((lifo[0]["realized"] as? NSNumber)?.decimalValue == Decimal(string: "98.99"), "\(extra)")
        }

        let table = try await fixture.run("holdings")
        #expect(table.status == 0)
        for header in ["Amount", "Avg cost", "Value", "Unrealised", "Realised", "Total P/L"] { #expect(table.stdout.contains(header)) }
        #expect(table.stdout.contains("lots matched fifo"))
        let lots = try await fixture.run("holdings", "--lots")
        #expect(lots.stdout.contains("2024-01-01") && lots.stdout.contains("2024-02-01") && lots.stdout.contains("0.99"))
        let realized = try await fixture.run("holdings", "--realized", "--year", "2024")
        #expect(realized.stdout.contains("sale") && realized.stdout.contains("fee") && realized.stdout.contains("Realised in 2024 (fifo)"))
        let none = try await fixture.run("holdings", "--realized", "--year", "2023")
        #expect(none.stdout.contains("Nothing sold in 2023"))
    }

    @Test("a sale of more than is held is refused with what is held, and nothing is written")
    func oversell() async throws {
        let fixture = try Fixture()
        #expect(try await fixture.run("holdings", "buy", "BTC", "0.5", "--price", "100", "--date", "2024-01-01").status == 0)
        let before = try fixture.file("journal")
        let early = try await fixture.run("holdings", "sell", "BTC", "0.1", "--price", "100", "--date", "2023-12-31")
        #expect(early.status == 64)
        #expect(early.stderr.contains("you hold 0 BTC then; nothing was recorded"))
        let more = try await fixture.run("holdings", "sell", "BTC", "0.6", "--price", "100")
        #expect(more.status == 64 && more.stderr.contains("you hold 0.5 BTC then"))
        let fee = try await fixture.run("holdings", "buy", "ETH", "1", "--price", "100", "--fee", "1 BNB")
        #expect(fee.status == 64 && fee.stderr.contains("you hold 0 BNB then"))
        #expect(try fixture.file("journal") == before)
        let unknown = try await fixture.run("holdings", "buy", "NOSUCHCOIN9", "1", "--price", "1")
        #expect(unknown.status == 65)
        #expect(try fixture.file("journal") == before)
        let noPrice = try await fixture.run("holdings", "buy", "BTC", "1")
        #expect(noPrice.status == 64)
    }

    @Test("tx lists with short ids, filters by coin and date, as JSON; tx rm removes one, but not one a later sale needs")
    func transactions() async throws {
        let fixture = try Fixture()
        #expect(try await fixture.run("holdings", "buy", "BTC", "1", "--price", "100", "--date", "2024-01-01").status == 0)
        #expect(try await fixture.run("holdings", "buy", "ETH", "3", "--price", "10", "--date", "2024-02-01").status == 0)
        #expect(try await fixture.run("holdings", "sell", "BTC", "0.5", "--price", "150", "--date", "2024-03-01").status == 0)
        let all = try #require(
            try JSONSerialization.jsonObject(with: Data(try await fixture.run("holdings", "tx", "--json").stdout.utf8)) as? [[String: Any]])
        #expect(all.map { $0["kind"] as? String } == ["buy", "buy", "sell"])
        #expect(all.allSatisfy { ($0["id"] as? String)?.count == 6 })
        let btc = try await fixture.run("holdings", "tx", "--coin", "btc", "--since", "2024-02-15")
        #expect(btc.stdout.contains("sell") && !btc.stdout.contains("ETH"))
        let buyID = try #require(all[0]["id"] as? String)
        let needed = try await fixture.run("holdings", "tx", "rm", buyID)
        #expect(needed.status == 64 && needed.stderr.contains("nothing was removed"))
        let ethID = try #require(all[1]["id"] as? String)
        let removed = try await fixture.run("holdings", "tx", "rm", ethID)
        #expect(removed.status == 0 && removed.stdout.contains("Removed buy 3 ETH"))
        #expect(try fixture.entries().count == 2)
        let missing = try await fixture.run("holdings", "tx", "rm", "zzzzzz")
        #expect(missing.status == 64)
    }

    @Test("the old holdings file is read as opening lots; set and rm change it and record the adjustment")
    func openingLots() async throws {
        let fixture = try Fixture()
        try fixture.write("holdings", "# mine\nversion 1\nBTC 0.10 25000.5 USD\nETH 3\n")
        let summary = try fixture.object(try await fixture.run("holdings", "--json").stdout)
        let rows = try #require(summary["holdings"] as? [[String: Any]])
        #expect(rows.map { $0["amount"] as? String } == ["0.1", "3"])
        #expect((rows[0]["cost"] as? NSNumber)?.decimalValue == Decimal(string: "2500.05"))
        #expect(rows[1]["cost"] is NSNull)
        let lots = try await fixture.run("holdings", "--lots")
        #expect(lots.stdout.contains("opening"))
        #expect(try await fixture.run("holdings", "buy", "BTC", "0.05", "--price", "30000").status == 0)
        #expect(try await fixture.run("holdings", "set", "ETH", "2", "--cost", "1000").status == 0)
        #expect(try await fixture.run("holdings", "rm", "BTC").status == 0)
        #expect(try fixture.file("holdings") == "# mine\nversion 1\nETH 2 1000 USD\n")
        let entries = try fixture.entries()
        #expect(entries.count == 3)
        #expect(entries[1].contains(" set 2 ETH @ 1000 USD id:") && entries[2].contains(" set 0 BTC id:"))
        let after = try #require(try fixture.object(try await fixture.run("holdings", "--json").stdout)["holdings"] as? [[String: Any]])
        #expect(after.filter { ($0["amount"] as? String) != "0" }.map { $0["symbol"] as? String } == ["ETH"])
    }

    @Test("a corrupt journal line is named with its number, nothing runs on it, and the file is left as it was")
    func corruptLine() async throws {
        let fixture = try Fixture()
        let broken = "version 1\n2024-01-01 buy 1 BTC @ 100 USD\n2024-01-02 buy O.5 BTC @ 100 USD\n"
        try fixture.write("journal", broken)
        let list = try await fixture.run("holdings")
        #expect(list.status == 65)
        #expect(list.stderr.contains("journal, line 3: the amount must be plain digits") && list.stderr.contains("left the file as it is"))
        let buy = try await fixture.run("holdings", "buy", "BTC", "1", "--price", "100")
        #expect(buy.status == 65)
        #expect(try fixture.file("journal") == broken)
    }

    @Test("twenty processes adding transactions at once lose none")
    func concurrentProcesses() async throws {
        let fixture = try Fixture()
        // One run first, so the coin list is cached and the twenty only race on the journal.
        #expect(try await fixture.run("holdings", "buy", "BTC", "1", "--price", "1", "--date", "2024-01-01").status == 0)
        let environment = fixture.environment
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for index in 1...20 {
                group.addTask {
                    try await BinaryRunner.run(
                        ["holdings", "buy", "BTC", "0.\(index)", "--price", "\(index)", "--date", "2024-02-01"], environment: environment
                    ).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 0, count: 20))
        let entries = try fixture.entries()
        #expect(entries.count == 21)
        #expect(Set(entries.dropFirst().map { $0.split(separator: " ")[2] }) == Set((1...20).map { "0.\($0)"[...] }))
        #expect(Set(entries.map { $0.split(separator: " ").last ?? "" }).count == 21, "every id is different")
    }
}
