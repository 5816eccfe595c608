import Foundation
import LacriptaSimulator
import Testing

/// `holdings import` and `export` with the built binary: a year of Coinbase and Kraken history
/// in, a hand-made buy beside it, re-imports that add nothing, a bad row that stops the import,
/// and an export that reads back without loss.
@Suite("ledger import end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct LedgerImportEndToEndTests {
    typealias Fixture = LedgerEndToEndTests.Fixture

    static let coinbase = """
        \u{FEFF}
        Transactions
        User,Jane Doe,6f1e2c3d-0000-4000-8000-000000000000
        ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes
        cb1,2024-01-10 09:00:00 UTC,Buy,BTC,0.5,USD,$40000.00,"$20,000.00","$20,010.00",$10.00,Bought 0.5 BTC
        cb2,2024-05-10 09:00:00 UTC,Sell,BTC,-0.2,USD,$60000.00,"-$12,000.00","-$11,990.00",$10.00,Sold 0.2 BTC

        """

    static let kraken = """
        "txid","ordertxid","pair","time","type","ordertype","price","cost","fee","vol","margin","misc","ledgers"
        "T1","O1","XETHZUSD","2024-02-01 13:30:51.7025","buy","market",2000.0,4000.0,4.0,2.0,0.0,"","L1"
        """

    @Test("Coinbase and Kraken history in, a buy by hand, the same files again add nothing; export reads back without loss")
    func importExport() async throws {
        let fixture = try Fixture()
        let folder = fixture.home.appendingPathComponent("downloads")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let coinbase = folder.appendingPathComponent("coinbase.csv").path
        let kraken = folder.appendingPathComponent("trades.csv").path
        try Data(Self.coinbase.utf8).write(to: URL(fileURLWithPath: coinbase))
        try Data(Self.kraken.utf8).write(to: URL(fileURLWithPath: kraken))

        let dry = try await fixture.run("holdings", "import", coinbase, "--dry-run")
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("Would import 2 transactions from a coinbase export; nothing was written."))
        #expect(!FileManager.default.fileExists(atPath: fixture.store.appendingPathComponent("journal").path))
        let first = try await fixture.run("holdings", "import", coinbase)
        #expect(first.stdout == "Imported 2 transactions from a coinbase export.\n", "\(first.stderr)")
        let second = try await fixture.run("holdings", "import", kraken, "--format", "kraken")
        #expect(second.stdout == "Imported 1 transactions from a kraken export.\n")
        #expect(try await fixture.run("holdings", "buy", "BTC", "0.1", "--price", "50000", "--date", "2024-06-01").status == 0)
        let again = try await fixture.run("holdings", "import", coinbase)
        #expect(again.stdout == "Imported 0 transactions from a coinbase export (2 already in the journal).\n")
        let entries = try fixture.entries()
        #expect(entries.count == 4)
        #expect(
            entries[0].hasPrefix("2024-01-10T09:00:00Z buy 0.5 BTC @ 40000.00 USD fee 10.00 USD at:coinbase id:")
                && entries[0].hasSuffix("src:coinbase:cb1"))

        // FIFO: 0.2 of the 0.5 bought for 20,010 costs 8,004; the sale brings 12,000 − 10: 3,986.
        let rows = try #require(try fixture.object(try await fixture.run("holdings", "--json").stdout)["holdings"] as? [[String: Any]])
        #expect(rows.map { $0["symbol"] as? String } == ["BTC", "ETH"])
        #expect(rows.map { $0["amount"] as? String } == ["0.4", "2"])
        #expect((rows[0]["realized"] as? NSNumber)?.decimalValue == 3986)

        let exported = try await fixture.run("holdings", "export")
        #expect(exported.status == 0)
        #expect(exported.stdout.hasPrefix("date,kind,amount,symbol,price,currency,fee,fee_currency,venue,id,source,note\r\n"))
        let csv = folder.appendingPathComponent("ledger.csv").path
        try Data(exported.stdout.utf8).write(to: URL(fileURLWithPath: csv))
        let elsewhere = try Fixture()
        let restored = try await elsewhere.run("holdings", "import", csv)
        #expect(restored.stdout == "Imported 4 transactions from a generic export.\n", "\(restored.stderr)")
        #expect(try elsewhere.entries() == entries)
        let json = try await fixture.run("holdings", "export", "--format", "json")
        #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.count == 4)
    }

    @Test("a bad row is named by its line with the reason and nothing is imported; --skip-bad imports the rest")
    func badRow() async throws {
        let fixture = try Fixture()
        let path = fixture.home.appendingPathComponent("binance.csv").path
        let text = """
            Date(UTC),Pair,Side,Price,Executed,Amount,Fee
            2024-03-01 10:00:00,BTCUSDT,BUY,62000,0.01BTC,620USDT,0.00001BTC
            2024-03-02 10:00:00,BTCUSDT,BUY,lots,0.01BTC,620USDT,0
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let refused = try await fixture.run("holdings", "import", path)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("binance.csv, line 3: the price `lots` is not a number; nothing was imported"))
        #expect(!FileManager.default.fileExists(atPath: fixture.store.appendingPathComponent("journal").path))
        let skipped = try await fixture.run("holdings", "import", path, "--skip-bad")
        #expect(skipped.status == 0)
        #expect(skipped.stderr.contains("skipped") && skipped.stderr.contains("line 3"))
        #expect(try fixture.entries().count == 1)
        let unknown = try await fixture.run("holdings", "import", fixture.home.appendingPathComponent("nothing.csv").path)
        #expect(unknown.status == 1 && unknown.stderr.contains("cannot read"))
    }

    @Test("holdings chart: the value per day and the cost basis as JSON, and drawn off a terminal one line a day")
    func chart() async throws {
        let fixture = try Fixture()
        // The simulator's history ends on its recorded day; the transactions fall inside it.
        // A year of daily closes (30 days are hourly); the chart's 30 days are its last 30.
        let coin = try fixture.object(try await fixture.run("coin", "BTC", "--json", "--days", "365").stdout)
        let days = Array(try #require(coin["history"] as? [[String: Any]]).compactMap { $0["date"] as? String }.suffix(30))
        try #require(days.count == 30)
        let buyDay = String(days[10].prefix(10))
        #expect(try await fixture.run("holdings", "buy", "BTC", "0.5", "--price", "60000", "--date", buyDay).status == 0)
        let result = try await fixture.run("holdings", "chart", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let body = try fixture.object(result.stdout)
        let points = try #require(body["points"] as? [[String: Any]])
        #expect(points.count == 30 && body["days"] as? Int == 30)
        #expect(points.map { $0["date"] as? String } == days.map { String($0.prefix(10)) })
        #expect(points.prefix(10).allSatisfy { ($0["value"] as? NSNumber)?.doubleValue == 0 && ($0["cost"] as? NSNumber)?.doubleValue == 0 })
        #expect(
            points.dropFirst(10).allSatisfy { ($0["cost"] as? NSNumber)?.doubleValue == 30000 && (($0["value"] as? NSNumber)?.doubleValue ?? 0) > 0 })
        let plain = try await fixture.run("holdings", "chart", "--days", "90")
        #expect(plain.status == 0)
        #expect(plain.stdout.split(separator: "\n").count == 91 && plain.stdout.contains("cost basis"))
    }
}
