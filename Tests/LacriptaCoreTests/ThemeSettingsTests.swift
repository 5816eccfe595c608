import Foundation
import Testing

@testable import LacriptaCore

/// `theme`, `LACRIPTA_THEME` and `color.*` as the config file holds them: every way of writing a
/// colour, and every mistake named by its setting and line (exit 64), as `config check` names it.
@Suite("Theme settings")
struct ThemeSettingsTests {
    private let path = "/h/.config/lacripta/config"

    private func load(_ file: String?, environment: [String: String] = [:]) throws -> Configuration {
        try Configuration.load(environment: ["HOME": "/h"].merging(environment) { _, new in new }) { _ in file }
    }

    private func failure(_ file: String?, environment: [String: String] = [:]) -> LacriptaError? {
        do {
            _ = try load(file, environment: environment)
            return nil
        } catch {
            return error as? LacriptaError
        }
    }

    /// (as written, as read)
    static let colors: [(String, ColorSetting?)] = [
        ("red", .index(1)), ("Bright-Blue", .index(12)), ("bright_white", .index(15)), ("brightblack", .index(8)), ("grey", .index(8)),
        ("0", .index(0)), ("208", .index(208)), ("255", .index(255)), ("#00aaff", .rgb(red: 0, green: 170, blue: 255)),
        ("#FFFFFF", .rgb(red: 255, green: 255, blue: 255)), (" default ", .terminalDefault), ("none", .terminalDefault),
        ("256", nil), ("-1", nil), ("0x10", nil), ("#fff", nil), ("#00aaffee", nil), ("#gg0000", nil), ("orange", nil), ("", nil),
        ("1000", nil), ("bright", nil), ("bright-orange", nil),
    ]

    @Test("colour names, indexes, #rrggbb and default read; anything else does not", arguments: colors.indices)
    func colorValues(row: Int) {
        let (text, expected) = Self.colors[row]
        #expect(ColorSetting(parsing: text) == expected, "\(text)")
    }

    @Test("a colour written back as the file holds it reads the same", arguments: colors.compactMap(\.1))
    func configText(color: ColorSetting) {
        #expect(ColorSetting(parsing: color.configText) == color, "\(color.configText)")
    }

    @Test("the theme and roles come from the file, the environment wins for the theme")
    func fromFile() throws {
        let file = "theme = Light\ncolor.up = \"#00aaff\"\ncolor.down = 208  # orange\ncolor.accent = default\n"
        let config = try load(file)
        #expect(config.theme.name == .light)
        #expect(config.theme.colors == ["up": .rgb(red: 0, green: 170, blue: 255), "down": .index(208), "accent": .terminalDefault])
        #expect(try load(file, environment: ["LACRIPTA_THEME": "colorblind"]).theme.name == .colorblind)
        #expect(try load(nil).theme == ThemeSettings())
    }

    @Test("an unknown theme names its line and the themes there are")
    func unknownTheme() throws {
        let error = try #require(failure("# mine\ntheme = solarized\n"))
        #expect(error.exitCode == .usage)
        #expect(error.userMessage == "`theme` (line 2 of \(path)) must be one of dark, light, high-contrast, colorblind or mono")
        #expect(failure(nil, environment: ["LACRIPTA_THEME": "dim"])?.userMessage.hasPrefix("LACRIPTA_THEME must be one of") == true)
    }

    @Test("an unknown colour names its setting and line, never the value")
    func unknownColor() throws {
        let error = try #require(failure("color.down = tangerine-secret\n"))
        #expect(error.exitCode == .usage)
        #expect(error.userMessage.hasPrefix("`color.down` (line 1 of \(path)) must be a colour name"))
        #expect(!error.userMessage.contains("tangerine"))
    }

    @Test("an unknown role names its line and the roles there are")
    func unknownRole() throws {
        let error = try #require(failure("color.up = red\ncolor.sideways = blue\n"))
        #expect(error.exitCode == .usage)
        #expect(error.userMessage.hasPrefix("\(path):2: unknown colour role 'sideways' (roles: up, down, unchanged, accent, muted,"))
    }

    @Test("an unquoted #rrggbb is a comment: lacripta says to quote it rather than drop the colour")
    func unquotedHex() throws {
        let error = try #require(failure("color.up = #00aaff\n"))
        #expect(error.userMessage.contains("\(path):1: the value of `color.up` starts with #, which begins a comment: quote it"))
        #expect(try load("color.up = '#00aaff'\n").theme.colors["up"] == .rgb(red: 0, green: 170, blue: 255))
    }

    @Test("config lists the theme and every role with its origin; config check names each mistake")
    func inspection() throws {
        let text = "theme = mono\ncolor.up = chartreuse\ncolor.mark = 3\n"
        let inspection = ConfigInspection(environment: ["HOME": "/h"], readFile: { _ in text })
        let theme = try #require(inspection.settings.first { $0.key == .theme })
        #expect(theme.value == "mono" && theme.origin == .file(path: path, line: 1))
        let accent = try #require(inspection.settings.first { $0.key == .colorAccent })
        #expect(accent.value == "the theme's" && accent.origin == .defaultValue)
        #expect(inspection.settings.filter { $0.key.isColor }.count == ConfigKey.colorKeys.count)
        #expect(inspection.problems.map(\.userMessage).count == 1)
        #expect(inspection.problems.first?.userMessage.hasPrefix("`color.up` (line 2 of \(path))") == true)
        let fromEnvironment = ConfigInspection(environment: ["HOME": "/h", "LACRIPTA_THEME": "light"], readFile: { _ in text })
        #expect(fromEnvironment.settings.first { $0.key == .theme }?.origin == .environment("LACRIPTA_THEME"))
    }

    @Test("a value given by the setting's option wins and names the option as its origin; a setting without one ignores it")
    func optionOrigin() throws {
        var inspection = ConfigInspection(environment: ["HOME": "/h", "LACRIPTA_THEME": "light"], readFile: { _ in "theme = mono\n" })
        inspection.options[.theme] = "colorblind"
        inspection.options[.currency] = "EUR"
        let theme = try #require(inspection.settings.first { $0.key == .theme })
        #expect(theme.value == "colorblind" && theme.origin == .option("--theme") && theme.origin.description == "--theme")
        #expect(inspection.settings.first { $0.key == .currency }?.origin == .defaultValue, "currency has no global option")
        #expect(ConfigKey.allCases.filter { $0.optionName != nil } == [.theme])
    }

    @Test("an unknown setting's message lists the colour roles as one entry")
    func summaryNames() throws {
        let error = try #require(failure("colour = red\n"))
        #expect(error.userMessage.contains("theme, timeout, color.ROLE)"))
        #expect(!error.userMessage.contains("color.up"))
    }
}
