import Foundation
import LacriptaSimulator
import LacriptaTestSupport
import Testing

/// `lacripta alert` as a process: the store on disk, prices from the simulator's REST API, and
/// `alert watch` against its streamer, whose random walk crosses levels set near the price.
@Suite("lacripta alert end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct AlertEndToEndTests {
    static let key = "alert-key-0123456789"

    private let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-alert-\(UUID().uuidString)")

    private func environment(_ simulator: Simulator) throws -> [String: String] {
        var extra = ["LACRIPTA_API_URL": simulator.restBaseURL.absoluteString, "CRYPTOCOMPARE_API_KEY": Self.key]
        extra["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        extra["COLUMNS"] = "120"
        if let stream = simulator.stream?.url { extra["LACRIPTA_STREAM_URL"] = stream.absoluteString }
        return BinaryRunner.environment(home: home, extra: extra)
    }

    private func run(_ arguments: [String], _ environment: [String: String], timeout: TimeInterval = 60) async throws -> BinaryRunner.Result {
        try await BinaryRunner.run(["alert"] + arguments, environment: environment, timeout: timeout)
    }

    @Test("add, list with the price now and the distance, rm, clear --fired; mistakes are usage errors")
    func manage() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = try environment(simulator)
        #expect(try await run(["--json"], environment).stdout == "[]\n")
        let none = try await run(["watch", "--once"], environment)
        #expect(none.status == 1 && none.stderr.contains("no armed alert left to wait for"))
        let added = try await run(["add", "btc", "above", "1000000.50", "--note", "to the moon"], environment)
        #expect(added.status == 0)
        #expect(added.stdout == "alert 1: BTC/USD above 1000000.50 (one-shot)\n")
        #expect(
            try await run(["add", "ETH", "move", "5", "--within", "24h", "--repeat"], environment).stdout
                == "alert 2: ETH/USD move 5 % within 24h (repeating)\n")

        let listed = try await run(["--json"], environment)
        #expect(listed.status == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows[0]["level"] as? String == "1000000.50" && rows[0]["state"] as? String == "armed" && rows[0]["note"] as? String == "to the moon")
        let price = try #require(rows[0]["price"] as? Double)
        let distance = try #require(rows[0]["distancePercent"] as? Double)
        #expect(abs(distance - (1_000_000.5 - price) / price * 100) < 0.01)
        #expect(rows[1]["window"] as? String == "24h" && rows[1]["repeat"] as? Bool == true && rows[1]["distancePercent"] is NSNull)

        let table = try await run([], environment)
        #expect(table.stdout.contains("BTC/USD above 1000000.50") && table.stdout.contains("armed") && table.stdout.contains("never"))

        #expect(try await run(["rm", "2"], environment).stdout == "removed alert 2\n")
        let missing = try await run(["rm", "9"], environment)
        #expect(missing.status == 1 && missing.stderr.contains("no alert 9"))
        #expect(try await run(["clear"], environment).status == 64)
        #expect(try await run(["add", "BTC", "sideways", "5"], environment).status == 64)
        #expect(try await run(["add", "BTC", "above", "1e5"], environment).status == 64)
        #expect(try await run(["watch", "--json"], environment).status == 64)
        #expect(try await run(["clear", "--fired"], environment).stdout == "removed 0 fired alerts\n")
        let file = try String(contentsOf: home.appendingPathComponent("data/lacripta/alerts"), encoding: .utf8)
        #expect(file.hasSuffix("version 1\n1 BTC USD above 1000000.50 armed note to the moon\n"))
    }

    @Test("a coin the service does not know leaves the others' prices in the list, and is named on stderr")
    func unknownCoin() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = try environment(simulator)
        #expect(try await run(["add", "BTC", "above", "1000000"], environment).status == 0)
        #expect(try await run(["add", "NOTACOIN", "below", "1"], environment).status == 0)
        let listed = try await run(["--json"], environment)
        #expect(listed.status == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows[0]["price"] is Double)
        #expect(rows[1]["price"] is NSNull)
        #expect(listed.stderr.contains("NOTACOIN"))
    }

    /// The simulator's BTC/USD price now, from one `live` snapshot (the walk is paused).
    private func currentPrice(_ environment: [String: String]) async throws -> Double {
        let live = try await BinaryRunner.run(["live", "BTC", "--json", "--count", "1"], environment: environment, timeout: 60)
        #expect(live.status == 0, "\(live.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(live.stdout.utf8)) as? [String: Any])
        return try #require(object["price"] as? Double)
    }

    /// A script that appends one line per run: the alert's id, symbol and reason.
    private func recordingScript() throws -> (script: String, record: String) {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let script = home.appendingPathComponent("on-alert").path
        let record = home.appendingPathComponent("fired.txt").path
        let body = "#!/bin/sh\necho \"$LACRIPTA_ALERT_ID $LACRIPTA_ALERT_SYMBOL $LACRIPTA_ALERT_PRICE $LACRIPTA_ALERT_REASON\" >> '\(record)'\n"
        try Data(body.utf8).write(to: URL(fileURLWithPath: script))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        return (script, record)
    }

    /// Levels 0.2 % either side of `price`, in plain digits.
    private func addLevels(around price: Double, _ environment: [String: String]) async throws {
        #expect(try await run(["add", "BTC", "above", String(format: "%.2f", price * 1.002)], environment).status == 0)
        #expect(try await run(["add", "BTC", "below", String(format: "%.2f", price * 0.998)], environment).status == 0)
    }

    @Test("watch --once --exec: the walk crosses a level near the price; it fires once, runs the program once, exits 0")
    func watchOnce() async throws {
        let simulator = try SimulatorHarness.startWithStreamer(options: .init(seed: 11, ticksPerSecond: 0))
        defer { simulator.stop() }
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = try environment(simulator)
        let price = try await currentPrice(environment)
        try await addLevels(around: price, environment)
        let (script, record) = try recordingScript()
        try #require(simulator.stream as? CryptoCompareStreamer).setTicksPerSecond(40)

        let watch = try await run(["watch", "--once", "--exec", script], environment, timeout: 120)
        #expect(watch.status == 0, "\(watch.stderr)")
        let lines = watch.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("BTC/USD") == true && lines.first.map(AlertWording.saysFired) == true)
        #expect(!watch.stdout.contains("\u{1B}"))
        let runs = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
        #expect(runs.count == 1)
        #expect(runs.first.map { $0.contains(" BTC ") && AlertWording.saysFired($0) } == true)
        let listed = try await run(["--json"], environment)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(rows.filter { $0["state"] as? String == "fired" }.count == 1)
        #expect(rows.filter { $0["lastFired"] is String }.count == 1)
    }

    @Test("without a key, watch streams from the exchange's public feed (a Coinbase-shaped server here) and fires on a crossing")
    func keyless() async throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let ticker = #"{"type":"ticker","sequence":1,"product_id":"BTC-USD","price":"PRICE","best_bid":"17165.15","best_ask":"17167.76"}"#
        let server = try WebSocketServer { connection in
            connection.onMessage { connection, _ in
                connection.send(text: #"{"type":"subscriptions","channels":[{"name":"ticker","product_ids":["BTC-USD"]}]}"#)
                for price in ["17165.16", "17180.00", "17250.50", "17100.00"] {
                    connection.send(text: ticker.replacingOccurrences(of: "PRICE", with: price))
                }
            }
        }
        defer { server.stop() }
        var environment = BinaryRunner.environment(
            home: home,
            extra: [
                "XDG_DATA_HOME": home.appendingPathComponent("data").path, "LACRIPTA_SOURCE": "public",
                "LACRIPTA_COINBASE_URL": server.url().absoluteString,
            ])
        environment["CRYPTOCOMPARE_API_KEY"] = nil
        #expect(try await run(["add", "BTC", "above", "17200"], environment).status == 0)
        let watch = try await run(["watch", "--once"], environment, timeout: 60)
        #expect(watch.status == 0, "\(watch.stderr)")
        #expect(watch.stdout.split(separator: "\n").count == 1)
        #expect(watch.stdout.contains("BTC/USD  $17,250.50  crossed above 17200 (alert 1)"))
    }

    @Test("two watches on one store: the first crossing is told once between them, and neither loses an alert")
    func twoWatches() async throws {
        let simulator = try SimulatorHarness.startWithStreamer(options: .init(seed: 12, ticksPerSecond: 0))
        defer { simulator.stop() }
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = try environment(simulator)
        let price = try await currentPrice(environment)
        #expect(try await run(["add", "BTC", "move", "0.1"], environment).status == 0)
        let (script, record) = try recordingScript()
        try #require(simulator.stream as? CryptoCompareStreamer).setTicksPerSecond(40)

        async let first = run(["watch", "--once", "--exec", script], environment, timeout: 120)
        async let second = run(["watch", "--once", "--exec", script], environment, timeout: 120)
        let results = try await [first, second]
        #expect(results.map(\.status).sorted() == [0, 1], "\(results.map(\.stderr))")
        #expect(results.map { $0.stdout.split(separator: "\n").count }.reduce(0, +) == 1)
        #expect(try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").count == 1)
        let file = try String(contentsOf: home.appendingPathComponent("data/lacripta/alerts"), encoding: .utf8)
        #expect(file.contains("1 BTC USD move 0.1 1h fired "))
        #expect(price > 0)
    }
}
