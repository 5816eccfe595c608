import Foundation
import LacriptaSimulator
import Testing

@Suite("lacripta-sim exchange flags")
struct ExchangeCommandLineTests {
    @Test("Every exchange flag parses into the options")
    func parsesFlags() throws {
        let parsed = try SimulatorCommandLine.parse([
            "--exchange-port", "9100", "--exchange-url-file=/tmp/x", "--exchange-seed", "5", "--exchange-rate", "200",
            "--exchange-rate=0.5@kraken", "--exchange-fault", "drop@bitstamp", "--exchange-fault=unlisted:ETH-USD@coinbase",
            "--exchange-fault", "malformed:7", "--exchange-fault", "silence:3@Bitfinex", "--exchange-fault", "maintenance@kraken",
        ])
        let options = parsed.exchangeOptions
        #expect(options.port == 9100 && options.seed == 5 && parsed.exchangeURLFile == "/tmp/x" && !parsed.exchangesDisabled)
        #expect(options.updatesPerSecond(for: .coinbase) == 200 && options.updatesPerSecond(for: .kraken) == 0.5)
        #expect(options.faults(for: .bitstamp) == [.drop(afterMessages: 10), .malformed(every: 7)])
        #expect(options.faults(for: .coinbase) == [.unlisted(try pair("ETH/USD")), .malformed(every: 7)])
        #expect(options.faults(for: .bitfinex) == [.malformed(every: 7), .silence(afterMessages: 3)])
        #expect(options.faults(for: .kraken) == [.malformed(every: 7), .maintenance(afterMessages: 10)])
        #expect(try SimulatorCommandLine.parse(["--no-exchanges"]).exchangesDisabled)
        let defaults = try SimulatorCommandLine.parse([]).exchangeOptions
        #expect(defaults.updatesPerSecond(for: .bitfinex) == 3 && defaults.faults.isEmpty && defaults.port == 0)
        #expect(ExchangeFault(argument: "unlisted") == .unlisted(try pair("BTC/USD")))
    }

    @Test(
        "Bad exchange values are usage errors that do not echo the value",
        arguments: [
            ["--exchange-fault", "nope"], ["--exchange-fault", "drop@moon"], ["--exchange-fault", "drop:-1"], ["--exchange-fault", "unlisted:BTC"],
            ["--exchange-fault", "malformed:0"], ["--exchange-rate", "-1"], ["--exchange-rate", "5@moon"], ["--exchange-port", "65535"],
            ["--exchange-seed", "x9"], ["--exchange-url-file"],
        ])
    func badValues(arguments: [String]) {
        do {
            _ = try SimulatorCommandLine.parse(arguments)
            Issue.record("expected a usage error")
        } catch {
            #expect(error.message.hasPrefix(arguments[0]))
            if arguments.count > 1 { #expect(!error.message.contains(arguments[1])) }
        }
    }

    @Test("The help names the exchange flags, fault modes and paths")
    func help() {
        for text in [
            "--exchange-port", "--exchange-url-file", "--no-exchanges", "--exchange-seed", "--exchange-rate N[@EXCHANGE]",
            "--exchange-fault MODE[@EXCHANGE]", "drop[:N]", "silence[:N]", "unlisted[:PAIR]", "maintenance[:N]", "malformed[:N]",
            "ws://127.0.0.1:PORT/v2", "ws://127.0.0.1:PORT/ws/2", "coinbase, kraken, bitstamp, bitfinex",
        ] {
            #expect(SimulatorCommandLine.usage.contains(text), "\(text)")
        }
    }

    @Test("The launcher starts the exchange feeds by default and writes --exchange-url-file")
    func launcherWritesURLs() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-sim-\(UUID().uuidString).exchanges")
        defer { try? FileManager.default.removeItem(at: file) }
        var lines: [String] = []
        let status = SimulatorLauncher.run(
            arguments: ["--data", try Fixtures.directory().path, "--no-stream", "--exchange-url-file", file.path],
            waitForTermination: {
                lines = ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            })
        #expect(status == .success)
        #expect(lines.map { $0.split(separator: " ").first.map(String.init) ?? "" } == SimulatedExchange.allCases.map(\.rawValue))
        for (line, path) in zip(lines, SimulatedExchange.allCases.map(\.path)) {
            let url = try #require(URL(string: String(line.split(separator: " ").last ?? "")))
            #expect(url.scheme == "ws" && url.host == "127.0.0.1" && (url.path.isEmpty ? "/" : url.path) == path)
        }
    }

    @Test("The announcement ends with one line per exchange, and exchangeURL names each feed")
    func announcement() throws {
        let simulator = try SimulatorHarness.start(dataDirectory: Fixtures.directory(), exchanges: .steered())
        defer { simulator.stop() }
        let feeds = try #require(simulator.exchanges)
        let expected = SimulatedExchange.allCases.map { "lacripta-sim: exchange \($0.name) on ws://127.0.0.1:\(feeds.port(for: $0))\($0.path)" }
        #expect(Array(simulator.announcement.suffix(expected.count)) == expected)
        #expect(simulator.exchangeURL(.kraken)?.absoluteString == "ws://127.0.0.1:\(feeds.port(for: .kraken))/v2")
        #expect(Set(SimulatedExchange.allCases.map { feeds.port(for: $0) }).count == SimulatedExchange.allCases.count)
        let plain = try SimulatorHarness.start(dataDirectory: Fixtures.directory())
        defer { plain.stop() }
        #expect(plain.exchangeURL(.coinbase) == nil)
    }
}
