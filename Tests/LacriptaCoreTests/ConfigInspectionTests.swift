import Foundation
import Testing

@testable import LacriptaCore

/// What `lacripta config` reports, on values: origins in the order they win, secrets never
/// shown, and every problem at once, each named as a command would name it.
@Suite("Config inspection")
struct ConfigInspectionTests {
    private let home = ["HOME": "/home/u"]
    private let path = "/home/u/.config/lacripta/config"

    private func inspect(_ text: String?, environment: [String: String] = [:]) -> ConfigInspection {
        ConfigInspection(environment: home.merging(environment) { _, new in new }, readFile: { _ in text })
    }

    private func state(_ key: ConfigKey, _ inspection: ConfigInspection) throws -> SettingState {
        try #require(inspection.settings.first { $0.key == key })
    }

    @Test("the environment wins over the file, the file over the default; every setting is listed once")
    func origins() throws {
        let inspection = inspect("currency = EUR\ntimeout = 30\n", environment: ["LACRIPTA_TIMEOUT": "20"])
        #expect(try state(.currency, inspection) == SettingState(key: .currency, value: "EUR", origin: .file(path: path, line: 1), isSecret: false))
        #expect(try state(.timeout, inspection).value == "20")
        #expect(try state(.timeout, inspection).origin == .environment("LACRIPTA_TIMEOUT"))
        #expect(try state(.source, inspection).origin == .defaultValue)
        #expect(inspection.settings.map(\.key) == ConfigKey.allCases)
    }

    @Test("keys are set or not set, wherever they come from; their text is nowhere")
    func secrets() throws {
        let inspection = inspect("api_key = file-secret\n", environment: ["COINGECKO_API_KEY": "env-secret"])
        #expect(try state(.apiKey, inspection).value == "set")
        #expect(try state(.coinGeckoAPIKey, inspection).value == "set")
        #expect(try state(.apiKey, inspect(nil)).value == "not set")
        #expect(!"\(inspection.settings)".contains("secret\""))
        #expect(!inspection.settings.contains { $0.value.contains("file-secret") || $0.value.contains("env-secret") })
    }

    @Test("every problem is named, in the file's order, then each setting's own, each with its line")
    func problems() throws {
        let text = "timeout = 0\nnonsense\ncurrency = E U R\nbogus = 2\nsource = public\n"
        let messages = inspect(text, environment: ["LACRIPTA_HIDE_AMOUNTS": "perhaps"]).problems.map(\.userMessage)
        #expect(messages.count == 5)
        #expect(messages[0] == "\(path):2: expected `key = value`")
        #expect(messages[1].hasPrefix("\(path):4: unknown setting 'bogus'"))
        #expect(messages.contains { $0.hasPrefix("`timeout` (line 1 of \(path))") })
        #expect(messages.contains { $0.hasPrefix("`currency` (line 3 of \(path))") })
        #expect(messages.contains { $0.hasPrefix("LACRIPTA_HIDE_AMOUNTS") })
        #expect(inspect("source = public\ncurrency = EUR\n").problems.isEmpty)
    }

    @Test("a file that cannot be read is a problem, and the settings are still listed from the rest")
    func unreadableFile() {
        struct Denied: Error {}
        let inspection = ConfigInspection(environment: home, readFile: { _ in throw Denied() })
        #expect(inspection.fileProblems.count == 1)
        #expect(inspection.settings.allSatisfy { $0.origin == .defaultValue })
    }

    @Test("a setting is checked alone, on its own line number, whatever lines end the file")
    func keepingOneLine() {
        #expect(ConfigInspection.keeping(line: 2, of: "a = 1\r\nb = 2\rc = 3\n") == "\nb = 2\n\n")
        #expect(ConfigInspection.keeping(line: 1, of: "\u{FEFF}a = 1\n") == "a = 1\n")
    }
}
