import Foundation
import LacriptaSimulatorTestSupport
import LacriptaTestSupport
import Testing

/// `lacripta top` against a toplist with one hostile figure or coin: the rest of the list must read
/// as if it were not there. The recorded top 50 is edited, then served for every request.
@Suite("lacripta top with hostile figures", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct HostileToplistEndToEndTests {
    /// The recorded toplist's `Data` array, to edit.
    private static func recordedItems() throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: try Fixtures.data("toplist-usd-50.json")) as? [String: Any]
        return try #require(object?["Data"] as? [[String: Any]])
    }

    /// Sets `RAW.USD.<field>` of item `index` to `value`.
    private static func setting(_ field: String, to value: Any, at index: Int, in items: inout [[String: Any]]) {
        var raw = items[index]["RAW"] as? [String: Any] ?? [:]
        var usd = raw["USD"] as? [String: Any] ?? [:]
        usd[field] = value
        raw["USD"] = usd
        items[index]["RAW"] = raw
    }

    /// Runs `lacripta arguments…` at 80 columns against a server answering `{"Data": items}`.
    private func run(_ arguments: [String], items: [[String: Any]]) async throws -> BinaryRunner.Result {
        let body = try JSONSerialization.data(withJSONObject: ["Data": items])
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        let server = try ScriptedHTTPServer(reply: .pieces([Array(head.utf8) + Array(body)]))
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let extra = ["LACRIPTA_API_URL": "http://127.0.0.1:\(server.port)", "COLUMNS": "80"]
        return try await BinaryRunner.run(arguments, environment: BinaryRunner.environment(home: home, extra: extra))
    }

    @Test("a price of 1e20 or 1.7e308, or such a volume or change, costs no column at 80 columns")
    func hugeFiguresKeepTheColumns() async throws {
        let honest = try await run(["top"], items: try Self.recordedItems())
        var items = try Self.recordedItems()
        Self.setting("PRICE", to: 1e20, at: 0, in: &items)
        Self.setting("PRICE", to: -1.7e308, at: 1, in: &items)
        Self.setting("TOTALVOLUME24HTO", to: 1.7e308, at: 2, in: &items)
        Self.setting("MKTCAP", to: 1e20, at: 3, in: &items)
        Self.setting("CHANGEPCT24HOUR", to: -1e20, at: 4, in: &items)
        let hostile = try await run(["top"], items: items)
        #expect(hostile.status == 0)
        let lines = hostile.stdout.split(separator: "\n")
        let header = try #require(lines.first)
        let honestHeader = try #require(honest.stdout.split(separator: "\n").first)
        #expect(header.split(separator: " ") == honestHeader.split(separator: " "), "the same columns as the honest list")
        #expect(header.contains("Volume 24h") && header.contains("Market cap"))
        #expect(lines.allSatisfy { $0.count <= 80 })
        try #require(lines.count >= 6)
        #expect(lines[1].contains("BTC") && lines[1].contains("$1.00e20"))
        #expect(lines[2].contains("ETH") && lines[2].contains("-$1.70e308"))
        #expect(lines[3].contains("$1.70e308") && lines[4].contains("$1.00e20") && lines[5].contains("▼ -1.00e20%"))
    }

    @Test("RAW.USD null on one coin: that coin shows dashes, the other 49 their figures (no exit 65)")
    func nullQuoteOnOneCoin() async throws {
        var items = try Self.recordedItems()
        items[1]["RAW"] = ["USD": NSNull()]
        Self.setting("LASTUPDATE", to: 1.6e13, at: 0, in: &items)
        let table = try await run(["top"], items: items)
        #expect(table.status == 0)
        #expect(table.stderr == "")
        let lines = table.stdout.split(separator: "\n")
        // The header, 50 coins and the line naming the source: indexed below, so required.
        try #require(lines.count == 52)
        #expect(lines.last == "CryptoCompare, ranked by top-tier volume")
        #expect(lines[1].contains("BTC") && lines[1].contains("$62,549.65"))
        #expect(lines[2].contains("ETH") && lines[2].contains("—") && !lines[2].contains("$"))

        let json = try await run(["top", "--json"], items: items)
        #expect(json.status == 0)
        let coins = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(coins.count == 50)
        #expect(coins[1]["symbol"] as? String == "ETH" && coins[1]["price"] is NSNull)
        // A LASTUPDATE in the year 506713 is no date: null, not "506713-02-07T…".
        #expect(coins[0]["lastUpdate"] is NSNull)
        #expect(coins[2]["lastUpdate"] is String, "a plausible one still prints")
    }

    @Test("an empty list says so on stderr, like news does, and exits 0; --json prints []")
    func emptyList() async throws {
        let table = try await run(["top"], items: [])
        #expect(table.status == 0)
        #expect(table.stdout == "")
        #expect(table.stderr == "No coins for USD right now.\n")
        let json = try await run(["top", "--json"], items: [])
        #expect(json.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any] != nil)
        #expect(json.stdout.filter { !$0.isWhitespace } == "[]")
    }
}
