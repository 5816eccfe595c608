import Foundation
import Testing

/// `lacripta config` as a person uses it: where each setting came from, the key never shown, the
/// paths, and every problem named at once, including in a config file every other command refuses.
@Suite("lacripta config", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct ConfigCommandEndToEndTests {
    static let secret = "c0ffee-SECRET-KEY-42"

    /// Runs `lacripta config arguments…` with `config` as the config file and `env` on top of a
    /// private home; the key must never show. Returns the result and the config file's path.
    private func run(_ arguments: [String], config: String?, env: [String: String] = [:]) async throws -> (BinaryRunner.Result, path: String) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("config/lacripta")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("config").path
        if let config { try Data(config.utf8).write(to: URL(fileURLWithPath: path)) }
        var extra = env
        extra["COLUMNS"] = "200"
        let result = try await BinaryRunner.run(["config"] + arguments, environment: BinaryRunner.environment(home: home, extra: extra))
        #expect(!result.stdout.contains(Self.secret) && !result.stderr.contains(Self.secret))
        return (result, path)
    }

    /// The line of `setting` in `config`'s output.
    private func line(_ setting: String, in output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix(setting + " ") }.map(String.init)
    }

    @Test("each setting says where it came from: the environment wins, then the file's line, then the default")
    func origins() async throws {
        let config = "# mine\ncurrency = EUR\napi_key = \(Self.secret)\ntimeout = 30\n"
        let (result, path) = try await run([], config: config, env: ["LACRIPTA_TIMEOUT": "20", "COINGECKO_API_KEY": "other-secret-77"])
        #expect(result.status == 0)
        #expect(line("currency", in: result.stdout) == "currency           EUR (line 2 of \(path))")
        #expect(line("api_key", in: result.stdout)?.contains("set (line 3 of \(path))") == true)
        #expect(line("timeout", in: result.stdout)?.contains("20 (LACRIPTA_TIMEOUT)") == true)
        #expect(line("coingecko_api_key", in: result.stdout)?.contains("set (COINGECKO_API_KEY)") == true)
        #expect(line("api_url", in: result.stdout)?.contains("https://min-api.cryptocompare.com (default)") == true)
        #expect(line("alert_exec", in: result.stdout)?.contains("none (default)") == true)
        #expect(!result.stdout.contains("other-secret-77"))
    }

    @Test("the theme says where it came from like every setting: --theme over LACRIPTA_THEME over the file's line over the default")
    func themeOrigin() async throws {
        let config = "theme = mono\n"
        let (fromFile, path) = try await run([], config: config)
        #expect(line("theme", in: fromFile.stdout)?.hasSuffix("mono (line 1 of \(path))") == true)
        let (fromEnvironment, _) = try await run([], config: config, env: ["LACRIPTA_THEME": "colorblind"])
        #expect(line("theme", in: fromEnvironment.stdout)?.hasSuffix("colorblind (LACRIPTA_THEME)") == true)
        let (fromOption, _) = try await run(["--theme", "light"], config: config, env: ["LACRIPTA_THEME": "colorblind"])
        #expect(fromOption.status == 0)
        #expect(line("theme", in: fromOption.stdout)?.hasSuffix("light (--theme)") == true)
        let (json, _) = try await run(["--json", "--theme=high-contrast"], config: nil)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let theme = try #require(items.first { $0["setting"] as? String == "theme" })
        #expect(theme["value"] as? String == "high-contrast" && theme["from"] as? String == "--theme")
        let (unset, _) = try await run([], config: nil)
        #expect(line("theme", in: unset.stdout)?.hasSuffix("dark (default)") == true)
    }

    @Test("--json: one object per setting, secrets only as set")
    func json() async throws {
        let (result, _) = try await run(["--json"], config: "api_key = \(Self.secret)\n")
        #expect(result.status == 0)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let key = try #require(items.first { $0["setting"] as? String == "api_key" })
        #expect(key["value"] as? String == "set" && key["secret"] as? Bool == true)
        #expect(key["variable"] as? String == "CRYPTOCOMPARE_API_KEY")
        #expect(items.count > 10)
    }

    @Test("check names every problem at once and exits 64; a clean setup says so and exits 0")
    func check() async throws {
        let broken = "timeout = 0\nbogus = 1\ncurrency = E U R\nhide_amounts = maybe\n"
        let (result, path) = try await run(["check"], config: broken, env: ["LACRIPTA_API_URL": "ftp://x"])
        #expect(result.status == 64)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 5, "\(result.stderr)")
        #expect(result.stderr.contains("\(path):2: unknown setting 'bogus'"))
        #expect(result.stderr.contains("`timeout` (line 1 of \(path))"))
        #expect(result.stderr.contains("`currency` (line 3 of \(path))"))
        #expect(result.stderr.contains("`hide_amounts` (line 4 of \(path))"))
        #expect(result.stderr.contains("LACRIPTA_API_URL"))
        let (clean, _) = try await run(["check"], config: "currency = EUR\n")
        #expect(clean.status == 0)
        #expect(clean.stdout.hasPrefix("no problems"))
    }

    @Test("a config file every command refuses is still shown, its bad line noted")
    func brokenFileShown() async throws {
        let (result, path) = try await run([], config: "currency = EUR\nthis is not a setting\n")
        #expect(result.status == 0)
        #expect(line("currency", in: result.stdout)?.contains("EUR (line 1 of \(path))") == true)
        #expect(result.stderr.contains("\(path):2: expected `key = value`"))
    }

    @Test("path names the config file (and that it is not there), the cache and the data folder")
    func paths() async throws {
        let (result, path) = try await run(["path"], config: nil)
        #expect(result.status == 0)
        let file = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("config file ") })
        #expect(file.hasSuffix(" \(path) (not there: lacripta runs on its defaults)"))
        #expect(result.stdout.contains("news.sqlite (articles, read and saved marks, ratings)"))
        #expect(result.stdout.contains("/cache/lacripta") && result.stdout.contains("lacripta (your favourites, holdings and alerts)"))
    }
}
