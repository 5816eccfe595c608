import Foundation
import Testing

/// The `key.*` settings as a person meets them: `lacripta config` lists every action's keys and
/// where they came from, `config check` names every mistake, and any command stops at start with
/// one line per problem (exit 64) rather than running with a binding silently dropped.
@Suite("key bindings end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct KeyBindingsEndToEndTests {
    /// Runs `lacripta arguments…` with `config` as the config file; returns the result and the file's path.
    private func run(_ arguments: [String], config: String) async throws -> (BinaryRunner.Result, path: String) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("config/lacripta")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("config").path
        try Data(config.utf8).write(to: URL(fileURLWithPath: path))
        let result = try await BinaryRunner.run(arguments, environment: BinaryRunner.environment(home: home, extra: ["COLUMNS": "200"]))
        return (result, path)
    }

    /// The line of `setting` in `config`'s output, its spaces squeezed.
    private func line(_ setting: String, in output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix(setting + " ") }.map { $0.split(separator: " ").joined(separator: " ") }
    }

    @Test("config lists every key.<action>: a bound one with its line, the others as defaults")
    func listed() async throws {
        let (result, path) = try await run(["config"], config: "currency = EUR\nkey.move-down = j, PageDown\n")
        #expect(result.status == 0)
        #expect(line("key.move-down", in: result.stdout) == "key.move-down j, PgDn (line 2 of \(path))")
        #expect(line("key.move-up", in: result.stdout) == "key.move-up Up, k (default)")
        #expect(line("key.quit", in: result.stdout) == "key.quit q (default)")
        #expect(line("key.open-news", in: result.stdout) == "key.open-news Enter (default)")
        let (json, _) = try await run(["config", "--json"], config: "key.star = *\n")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let star = try #require(items.first { $0["setting"] as? String == "key.star" })
        #expect(star["value"] as? String == "*" && (star["from"] as? String)?.hasPrefix("line 1 of ") == true)
    }

    @Test("a command stops at start with every key problem on a line of its own, exit 64; config check names the same")
    func refused() async throws {
        let config = "key.strar = s\nkey.star = s\nkey.move-down = Dwn\n"
        let (result, path) = try await run(["top"], config: config)
        #expect(result.status == 64)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 3, "\(result.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("lacripta: `key.") })
        #expect(result.stderr.contains("`key.strar` (line 1 of \(path)): there is no such action in the view"))
        #expect(result.stderr.contains("`key.move-down` (line 3 of \(path)) names `Dwn`, which is not a key"))
        #expect(result.stderr.contains("`key.star` (line 2 of \(path)): s would be both sort and star on the toplist"))
        let (check, _) = try await run(["config", "check"], config: config)
        #expect(check.status == 64)
        #expect(check.stderr.split(separator: "\n").count == 3, "\(check.stderr)")
    }
}
