import Foundation
import LacriptaSimulator
import LacriptaSimulatorTestSupport
import LacriptaTestSupport
import Testing

/// `lacripta live` as a process against the simulator's streamer over real sockets.
@Suite("lacripta live end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct LiveEndToEndTests {
    static let secret = "stream-sekrit-0123456789"

    /// Runs `lacripta live …` against a fresh simulator whose streamer has `options`.
    private func run(
        _ arguments: [String], options: CryptoCompareStreamer.Options, requireKey: String? = nil, key: String = LiveEndToEndTests.secret
    ) async throws -> BinaryRunner.Result {
        let simulator = try SimulatorHarness.startWithStreamer(options: options, requireKey: requireKey)
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let streamURL = try #require(simulator.stream?.url)
        let environment = BinaryRunner.environment(
            home: home,
            extra: [
                "LACRIPTA_API_URL": simulator.restBaseURL.absoluteString, "LACRIPTA_STREAM_URL": streamURL.absoluteString,
                "CRYPTOCOMPARE_API_KEY": key,
            ])
        let result = try await BinaryRunner.run(["live"] + arguments, environment: environment, timeout: 60)
        #expect(!result.stdout.contains(key) && !result.stderr.contains(key))
        return result
    }

    private func objects(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test("--json --count N prints N merged updates for the requested pairs and exits 0")
    func json() async throws {
        let result = try await run(["BTC", "ETH", "--json", "--count", "12"], options: .init(seed: 7, ticksPerSecond: 20))
        #expect(result.status == 0)
        let updates = try objects(result.stdout)
        #expect(updates.count == 12)
        #expect(Set(updates.compactMap { $0["symbol"] as? String }) == ["BTC", "ETH"])
        // Partial updates are merged: every line carries a price even when its message had none.
        #expect(updates.allSatisfy { $0["price"] is Double && $0["open"] is Double })
        #expect(updates.allSatisfy { $0["currency"] as? String == "USD" })
    }

    @Test("--currency subscribes that quote currency")
    func currency() async throws {
        let result = try await run(["btc", "--currency", "eur", "--json", "--count", "2"], options: .init(seed: 1, ticksPerSecond: 20))
        #expect(result.status == 0)
        #expect(try objects(result.stdout).allSatisfy { $0["currency"] as? String == "EUR" && $0["symbol"] as? String == "BTC" })
    }

    @Test("plain lines off a terminal, one per update, with no escapes")
    func plain() async throws {
        let result = try await run(["ETH", "--count", "3"], options: .init(seed: 3, ticksPerSecond: 20))
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.contains("ETH/USD") && $0.contains("$") })
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test("an unknown pair is named and the rest keep streaming; all unknown exits 65")
    func invalidPairs() async throws {
        let mixed = try await run(["BTC", "NOTACOIN", "--json", "--count", "3"], options: .init(seed: 2, ticksPerSecond: 20))
        #expect(mixed.status == 0)
        #expect(mixed.stderr.contains("NOTACOIN/USD is not available"))
        #expect(try objects(mixed.stdout).count == 3)
        let none = try await run(["NOTACOIN", "ZZZ"], options: .init(seed: 2))
        #expect(none.status == 65)
        #expect(none.stderr.contains("NOTACOIN/USD, ZZZ/USD"))
    }

    @Test("a refused key exits 77 and says how to set one")
    func unauthorized() async throws {
        let result = try await run(["BTC", "--count", "1"], options: .init(seed: 1), requireKey: "the-right-key")
        #expect(result.status == 77)
        #expect(result.stderr.contains("CRYPTOCOMPARE_API_KEY"))
        #expect(result.stdout == "")
    }

    @Test("the socket limit (429) is explained and not hammered; a run that got nothing for it exits 75")
    func tooManySockets() async throws {
        var options = CryptoCompareStreamer.Options(seed: 1)
        options.faults.tooManySockets = true
        let result = try await run(["BTC", "--duration", "3"], options: options)
        #expect(result.status == 75)
        #expect(result.stderr.split(separator: "\n").last?.contains("Nothing arrived in 3 s") == true)
        #expect(result.stderr.contains("free keys allow one socket per account"))
    }

    @Test("after the connection drops mid-frame it reconnects, resubscribes and keeps streaming")
    func reconnects() async throws {
        var options = CryptoCompareStreamer.Options(seed: 5, ticksPerSecond: 20)
        // welcome, snapshot, 16, 3, then a few updates, and the TCP connection is cut inside a frame.
        options.faults.dropAfter = 8
        options.faults.dropMidFrame = true
        let result = try await run(["BTC", "--json", "--count", "8"], options: options)
        #expect(result.status == 0)
        #expect(result.stderr.contains("reconnecting (attempt"))
        #expect(try objects(result.stdout).count == 8)
    }
}

/// `lacripta live` over wss:// with a private CA: trusted through LACRIPTA_CA_FILE, refused without.
@Suite("lacripta live over TLS", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct LiveTLSEndToEndTests {
    private func run(caFile: String?) async throws -> BinaryRunner.Result {
        let pki = try TestPKI.shared.get()
        var options = CryptoCompareStreamer.Options(seed: 9, ticksPerSecond: 20)
        options.tls = pki.server
        let simulator = try SimulatorHarness.startWithStreamer(options: options)
        defer { simulator.stop() }
        let streamURL = try #require(simulator.stream?.url)
        #expect(streamURL.scheme == "wss")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var extra = ["LACRIPTA_API_URL": simulator.restBaseURL.absoluteString, "LACRIPTA_STREAM_URL": streamURL.absoluteString]
        if let caFile { extra["LACRIPTA_CA_FILE"] = caFile }
        return try await BinaryRunner.run(
            ["live", "BTC", "ETH", "--json", "--count", "4", "--duration", "4"], environment: BinaryRunner.environment(home: home, extra: extra))
    }

    @Test("with the CA in LACRIPTA_CA_FILE, live streams over wss://")
    func trusted() async throws {
        let result = try await run(caFile: try TestPKI.shared.get().caFile)
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 4)
    }

    @Test("an unknown CA is refused with a clear reason, and nothing is streamed")
    func untrusted() async throws {
        let result = try await run(caFile: nil)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("cannot connect to the streamer"))
        #expect(result.stderr.lowercased().contains("certificate"))
    }
}
