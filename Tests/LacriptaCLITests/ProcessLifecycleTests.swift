import Foundation
import LacriptaSimulator
import Testing

/// How lacripta behaves as a process when its reader goes away or the user interrupts it.
@Suite("Process lifecycle", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct ProcessLifecycleTests {
    /// Starts `lacripta arguments…` with stdout and stderr on pipes.
    private func start(_ arguments: [String], simulator: Simulator, home: URL) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = arguments
        var extra = ["LACRIPTA_API_URL": simulator.restBaseURL.absoluteString]
        if let stream = simulator.stream?.url { extra["LACRIPTA_STREAM_URL"] = stream.absoluteString }
        process.environment = BinaryRunner.environment(home: home, extra: extra)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // A watchdog: if a test's expectation never comes true, the process is ended so the pipe
        // reads return and the test fails instead of hanging the suite.
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) { [process] in
            if process.isRunning { process.terminate() }
        }
        return (process, out, err)
    }

    /// Reads stdout until `marker` appears (bounded), on a thread of its own.
    private func read(_ pipe: Pipe, until marker: String) async throws -> String {
        let box = Unchecked(pipe)
        return try await BinaryRunner.offPool { Self.readBlocking(box.value, until: marker) }
    }

    /// Waits for the process to end (bounded), on a thread of its own.
    private func waitForExit(_ process: Process, seconds: Double = 20) async throws -> Int32 {
        let box = Unchecked(process)
        return try await BinaryRunner.offPool { Self.waitBlocking(box.value, seconds: seconds) }
    }

    private static func readBlocking(_ pipe: Pipe, until marker: String, limit: Int = 1 << 20) -> String {
        var text = ""
        while !text.contains(marker), text.utf8.count < limit {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return text
    }

    /// Waits for the process to end, killing it after `seconds` so a hang fails instead of blocking.
    private static func waitBlocking(_ process: Process, seconds: Double) -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return -1
        }
        return process.terminationStatus
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
        let (process, out, err) = try start(["live", "BTC", "ETH", "--json"], simulator: simulator, home: home)
        let first = try await read(out, until: "\n")
        #expect(first.hasPrefix("{\"symbol\":"))
        try out.fileHandleForReading.close()
        #expect(try await waitForExit(process) == 0)
        #expect(process.terminationReason == .exit)
        #expect(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "")
    }

    @Test("top --watch off a terminal prints a block per refresh and Ctrl-C ends it with 0")
    func watchInterrupted() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let (process, out, _) = try start(["top", "--watch", "10", "-n", "3"], simulator: simulator, home: home)
        let block = try await read(out, until: "PEPE")
        #expect(block.contains("lacripta top · USD · change 24h · every 10 s · fetched"))
        #expect(block.contains("BTC"))
        #expect(!block.contains("\u{1B}"))
        process.interrupt()
        #expect(try await waitForExit(process) == 0)
    }

    @Test("top --favorites --watch off a terminal prints only the favourites, starred, under their own footer")
    func watchFavorites() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = BinaryRunner.environment(home: home, extra: ["LACRIPTA_API_URL": simulator.restBaseURL.absoluteString])
        #expect(try await BinaryRunner.run(["fav", "add", "ETH", "SOL"], environment: environment).status == 0)
        let (process, out, _) = try start(["top", "--favorites", "--watch", "10"], simulator: simulator, home: home)
        let block = try await read(out, until: "your favourites in your order")
        let rows = block.split(separator: "\n").filter { $0.contains("★") }
        #expect(rows.count == 2 && rows[0].contains("ETH ★") && rows[1].contains("SOL ★"))
        #expect(!block.contains("BTC"))
        process.interrupt()
        #expect(try await waitForExit(process) == 0)
    }

    @Test("live --duration ends on time with status 0 and a normal close")
    func duration() async throws {
        let simulator = try SimulatorHarness.startWithStreamer(options: .init(seed: 4, ticksPerSecond: 5))
        defer { simulator.stop() }
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let (process, out, _) = try start(["live", "BTC", "--duration", "2"], simulator: simulator, home: home)
        #expect(try await waitForExit(process) == 0)
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("BTC/USD"))
    }
}

/// Hands a non-Sendable Foundation object to the blocking helper thread; the test does not touch
/// it meanwhile.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
