import Foundation
import LacriptaSimulator
import Testing

/// A broken or hostile configuration, seen from the command line: help and the version never read
/// it, every other command names the mistake (64, or 77 for the key) before touching the network,
/// and the key never shows.
@Suite("configuration end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct ConfigEndToEndTests {
    static let secret = "c0ffee-SECRET-KEY-42"

    /// Runs lacripta with `config` as the config file and `env` on top of a private home.
    private func run(_ arguments: [String], config: String? = nil, env: [String: String] = [:]) async throws -> BinaryRunner.Result {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-cfg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("config/lacripta")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let config { try Data(config.utf8).write(to: folder.appendingPathComponent("config")) }
        let result = try await BinaryRunner.run(arguments, environment: BinaryRunner.environment(home: home, extra: env))
        #expect(!result.stdout.contains(Self.secret) && !result.stderr.contains(Self.secret))
        return result
    }

    @Test(
        "--help, --version and command help answer whatever the config says",
        arguments: [
            ["--help"], ["--version"], ["top", "--help"], ["help", "news"], ["live", "--version"],
        ])
    func helpIgnoresConfig(arguments: [String]) async throws {
        for (config, env) in [("bogus = 1\n", [String: String]()), ("", ["LACRIPTA_TIMEOUT": "0"])] {
            let result = try await run(arguments, config: config, env: env)
            #expect(result.status == 0)
            #expect(result.stderr == "")
            #expect(result.stdout.contains("lacripta"))
        }
    }

    @Test("a usage mistake is reported as such even with a broken config")
    func usageBeforeConfig() async throws {
        let result = try await run(["top", "--nope"], config: "bogus = 1\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("--nope"))
    }

    @Test("a Windows-saved config works, and a bad setting in it never echoes the key")
    func crlfConfig() async throws {
        let simulator = try SimulatorHarness.start(requireKey: Self.secret)
        defer { simulator.stop() }
        let good = "api_url = \(simulator.restBaseURL.absoluteString)\r\napi_key = \(Self.secret)\r\n"
        let works = try await run(["top", "-n", "3"], config: good)
        #expect(works.status == 0)
        #expect(works.stdout.contains("BTC"))
        let broken = try await run(["top"], config: "api_url = not a url\r\napi_key = \(Self.secret)\r\n")
        #expect(broken.status == 64)
        #expect(broken.stderr.contains("`api_url` (line 1 of "))
    }

    @Test(
        "local mistakes exit 64 or 77 at once instead of 'cannot reach' or cached data",
        arguments: [
            (["LACRIPTA_API_URL": "http://127.0.0.1:99999/"], 64, "LACRIPTA_API_URL has a port"),
            (["LACRIPTA_STREAM_URL": "ws://127.0.0.1:0/v2"], 64, "LACRIPTA_STREAM_URL has a port"),
            (["LACRIPTA_CA_FILE": "/nonexistent/ca.pem"], 64, "LACRIPTA_CA_FILE names a file"),
            (["CRYPTOCOMPARE_API_KEY": "abc\u{01}def"], 77, "CRYPTOCOMPARE_API_KEY is not a valid API key"),
            (["LACRIPTA_TIMEOUT": "1e-9"], 64, "LACRIPTA_TIMEOUT must be"),
        ])
    func localMistakes(env: [String: String], status: Int32, message: String) async throws {
        for arguments in [["top"], ["live", "BTC", "--count", "1"]] {
            let result = try await run(arguments, env: env)
            #expect(result.status == status)
            #expect(result.stderr.contains(message))
            #expect(!result.stderr.contains("cannot reach") && !result.stderr.contains("offline"))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test("an unreadable config folder is an error, not a silently ignored config")
    func configFolderIsAFile() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-cfg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        // XDG_CONFIG_HOME/lacripta is a file: the config cannot be read, and that must be said.
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config"), withIntermediateDirectories: true)
        try Data().write(to: home.appendingPathComponent("config/lacripta"))
        let result = try await BinaryRunner.run(["top"], environment: BinaryRunner.environment(home: home))
        #expect(result.status == 64)
        #expect(result.stderr.contains("cannot read the config file"))
    }
}

/// Where a failure is not the service's: a full disk, and a cache filled by another server.
@Suite("local failures end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct LocalFailureEndToEndTests {
    @Test("a full disk says so in words (1)", .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func diskFull() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-full-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try await BinaryRunner.run(["--help"], environment: BinaryRunner.environment(home: home), outputPath: "/dev/full")
        #expect(result.status == 1)
        #expect(result.stderr == "lacripta: cannot write output: the disk is full (no space left on the device)\n")
    }

    @Test("data cached from one server is not served as offline data for another")
    func cacheKeyedByServer() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let first = try await BinaryRunner.run(
            ["top", "-n", "5"], environment: BinaryRunner.environment(home: home, extra: ["LACRIPTA_API_URL": simulator.restBaseURL.absoluteString]))
        #expect(first.status == 0)
        let other = try await BinaryRunner.run(
            ["top", "-n", "5"], environment: BinaryRunner.environment(home: home, extra: ["LACRIPTA_API_URL": "http://127.0.0.1:1"]))
        #expect(other.status == 69)
        #expect(other.stdout == "")
        #expect(!other.stderr.contains("offline"))
    }

    @Test("a wrong path prefix is a configuration mistake (64), even with a cache")
    func wrongPrefix() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let base = simulator.restBaseURL.appendingPathComponent("not-the-api").absoluteString
        let result = try await BinaryRunner.run(["top"], environment: BinaryRunner.environment(home: home, extra: ["LACRIPTA_API_URL": base]))
        #expect(result.status == 64)
        #expect(result.stderr.contains("check LACRIPTA_API_URL"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
