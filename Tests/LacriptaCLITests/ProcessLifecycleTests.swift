import Foundation
import LacriptaSimulator
import LacriptaTestSupport
import Testing

/// How lacripta behaves as a process when its reader goes away or the user interrupts it.
@Suite("Process lifecycle", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct ProcessLifecycleTests {
    /// Starts `lacripta arguments…` with stdout and stderr on pipes, in a process group of its own
    /// that is killed when the test lets go of it.
    private func start(_ arguments: [String], simulator: Simulator, home: URL) throws -> ChildProcessGroup {
        var extra = ["LACRIPTA_API_URL": simulator.restBaseURL.absoluteString]
        if let stream = simulator.stream?.url { extra["LACRIPTA_STREAM_URL"] = stream.absoluteString }
        return try ChildProcessGroup(BinaryRunner.binary.path, arguments, environment: BinaryRunner.environment(home: home, extra: extra))
    }

    /// Reads stdout until `marker` appears (bounded), on a thread of its own.
    private func read(_ child: ChildProcessGroup, until marker: String) async throws -> String {
        try await ChildProcessGroup.offPool { child.read(until: marker, timeout: 60) }
    }

    /// Waits for the process to end (bounded: a hang kills it and fails), on a thread of its own.
    private func waitForExit(_ child: ChildProcessGroup) async throws -> ChildProcessGroup.Termination? {
        try await ChildProcessGroup.offPool { child.waitForExit(timeout: 60) }
    }

    /// The rest of stdout and stderr (bounded), on a thread of its own.
    private func rest(_ child: ChildProcessGroup) async throws -> (stdout: String, stderr: String) {
        let (stdout, stderr, _) = try await ChildProcessGroup.offPool { child.readToEnd(timeout: 60) }
        return (String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    private func temporaryHome() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-proc-\(UUID().uuidString)")
    }

    @Test("a reader that goes away (| head) ends live quietly with status 0, not a SIGPIPE death")
    func closedStdout() async throws {
        let simulator = try SimulatorHarness.startWithStreamer(options: .init(seed: 4, ticksPerSecond: 50))
        defer { simulator.stop() }
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let child = try start(["live", "BTC", "ETH", "--json"], simulator: simulator, home: home)
        let first = try await read(child, until: "\n")
        #expect(first.hasPrefix("{\"symbol\":"))
        child.closeStandardOutput()
        #expect(try await waitForExit(child) == .exit(0))
        // Nothing about the closed pipe. What live may print on its own is that the streamer went
        // quiet ("no data from the streamer for 76 s", "no data for 90 s; reconnecting"): on a
        // busy machine the in-process simulator's ticker, on the test process's starved pool,
        // twice sent nothing for that long before the closed pipe was noticed.
        let stderr = try await rest(child).stderr
        let said = stderr.split(separator: "\n").filter { !$0.hasPrefix("lacripta: no data ") }
        #expect(said.isEmpty, "stderr: \(stderr)")
    }

    @Test("top --watch off a terminal prints a block per refresh and Ctrl-C ends it with 0")
    func watchInterrupted() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let child = try start(["top", "--watch", "10", "-n", "3"], simulator: simulator, home: home)
        let block = try await read(child, until: "PEPE")
        #expect(block.contains("lacripta top · USD · change 24h · every 10 s · fetched"))
        #expect(block.contains("BTC"))
        #expect(!block.contains("\u{1B}"))
        child.send(SIGINT)
        #expect(try await waitForExit(child) == .exit(0))
    }

    @Test("top --favorites --watch off a terminal prints only the favourites, starred, under their own footer")
    func watchFavorites() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = BinaryRunner.environment(home: home, extra: ["LACRIPTA_API_URL": simulator.restBaseURL.absoluteString])
        #expect(try await BinaryRunner.run(["fav", "add", "ETH", "SOL"], environment: environment).status == 0)
        let child = try start(["top", "--favorites", "--watch", "10"], simulator: simulator, home: home)
        let block = try await read(child, until: "your favourites in your order")
        let rows = block.split(separator: "\n").filter { $0.contains("★") }
        #expect(rows.count == 2 && rows[0].contains("ETH ★") && rows[1].contains("SOL ★"))
        #expect(!block.contains("BTC"))
        child.send(SIGINT)
        #expect(try await waitForExit(child) == .exit(0))
    }

    @Test("live --duration ends on time with status 0 and a normal close")
    func duration() async throws {
        let simulator = try SimulatorHarness.startWithStreamer(options: .init(seed: 4, ticksPerSecond: 5))
        defer { simulator.stop() }
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let child = try start(["live", "BTC", "--duration", "2"], simulator: simulator, home: home)
        let text = try await rest(child).stdout
        #expect(try await waitForExit(child) == .exit(0))
        #expect(text.contains("BTC/USD"))
    }

    @Test("alert watch ends with 0 on Ctrl-C, like live")
    func alertWatchInterrupted() async throws {
        let simulator = try SimulatorHarness.startWithStreamer(options: .init(seed: 4, ticksPerSecond: 5))
        defer { simulator.stop() }
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var extra = ["LACRIPTA_API_URL": simulator.restBaseURL.absoluteString]
        if let stream = simulator.stream?.url { extra["LACRIPTA_STREAM_URL"] = stream.absoluteString }
        let environment = BinaryRunner.environment(home: home, extra: extra)
        #expect(try await BinaryRunner.run(["alert", "add", "BTC", "above", "99999999"], environment: environment).status == 0)
        let child = try start(["alert", "watch"], simulator: simulator, home: home)
        let streamer = try #require(simulator.stream as? CryptoCompareStreamer)
        // The watch is streaming once the simulator has seen its socket (bounded wait).
        #expect(try await Polling.until { streamer.socketsOpened > 0 })
        child.send(SIGINT)
        #expect(try await waitForExit(child) == .exit(0))
    }
}
