import Foundation
import LacriptaSimulator
import Testing

@Suite("lacripta-sim streamer flags")
struct StreamerCommandLineTests {
    @Test("Every streamer flag parses into the options")
    func parsesFlags() throws {
        let parsed = try SimulatorCommandLine.parse([
            "--stream-port", "9000", "--stream-port-file", "/tmp/s", "--stream-seed", "42", "--stream-rate=0.5",
            "--stream-heartbeat", "0", "--stream-ping", "15", "--stream-max-sockets", "1", "--stream-drop-after", "10",
            "--stream-drop-mid-frame", "--stream-silent-after", "20", "--stream-force-disconnect", "30", "--stream-fragment",
            "--stream-unauthorized", "--stream-too-many", "--flood", "100000",
        ])
        #expect(parsed.streamPort == 9000)
        #expect(parsed.streamPortFile == "/tmp/s")
        #expect(!parsed.streamDisabled)
        let options = parsed.streamOptions
        #expect(options.seed == 42)
        #expect(options.ticksPerSecond == 0.5)
        #expect(options.heartbeatInterval == nil)
        #expect(options.pingInterval == .seconds(15))
        #expect(options.maxSockets == 1)
        #expect(options.flood == 100_000)
        #expect(
            options.faults
                == CryptoCompareStreamer.Faults(
                    dropAfter: 10, dropMidFrame: true, silentAfter: 20, forceDisconnectAfter: 30, fragmentSize: 32,
                    pingBetweenFragments: true, unauthorized: true, tooManySockets: true))
        #expect(try SimulatorCommandLine.parse(["--stream-fragment=100"]).streamOptions.faults.fragmentSize == 100)
        #expect(try SimulatorCommandLine.parse(["--no-stream"]).streamDisabled)
        let defaults = try SimulatorCommandLine.parse([]).streamOptions
        #expect(defaults.ticksPerSecond == 2 && defaults.heartbeatInterval == .seconds(30) && defaults.faults == .init())
    }

    @Test(
        "Bad streamer values are usage errors that do not echo the value",
        arguments: [
            ["--stream-drop-after", "-3"], ["--stream-rate", "-1"], ["--stream-seed", "x9"], ["--flood", "many"],
            ["--stream-heartbeat", "nan"], ["--stream-port-file"],
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

    @Test("The help names the streamer flags")
    func help() {
        for flag in ["--stream-port-file", "--stream-drop-after", "--stream-fragment", "--flood", "--no-stream", "ws://127.0.0.1:PORT/v2"] {
            #expect(SimulatorCommandLine.usage.contains(flag))
        }
    }

    @Test("The launcher starts the streamer by default, announces it and writes --stream-port-file")
    func launcherStartsStreamer() throws {
        let directory = FileManager.default.temporaryDirectory
        let restFile = directory.appendingPathComponent("lacripta-sim-\(UUID().uuidString).port")
        let streamFile = directory.appendingPathComponent("lacripta-sim-\(UUID().uuidString).stream-port")
        defer {
            try? FileManager.default.removeItem(at: restFile)
            try? FileManager.default.removeItem(at: streamFile)
        }
        var ports: (rest: UInt16?, stream: UInt16?) = (nil, nil)
        let status = SimulatorLauncher.run(
            arguments: ["--data", try Fixtures.directory().path, "--port-file", restFile.path, "--stream-port-file", streamFile.path],
            waitForTermination: {
                func read(_ url: URL) -> UInt16? {
                    (try? String(contentsOf: url, encoding: .utf8)).flatMap { UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                }
                ports = (read(restFile), read(streamFile))
            })
        #expect(status == .success)
        let rest = try #require(ports.rest)
        let stream = try #require(ports.stream)
        #expect(rest != stream)
    }

    @Test("The announcement has the stream line after the REST line")
    func announcement() throws {
        let simulator = try SimulatorHarness.startWithStreamer(dataDirectory: Fixtures.directory())
        defer { simulator.stop() }
        let port = try #require(simulator.streamer?.port)
        #expect(
            simulator.announcement.prefix(2) == [
                "lacripta-sim: REST on http://127.0.0.1:\(simulator.restPort)", "lacripta-sim: stream on ws://127.0.0.1:\(port)/v2",
            ])
    }
}
