import Foundation
import LacriptaCore
import LacriptaSimulator
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// Every theme rendering `lacripta top` in a real terminal (tmux at 80×24), read back through the
/// SGR codes tmux captured: 24-bit colours only with `COLORTERM=truecolor`, the nearest 256 or 16
/// colour elsewhere, colorblind's blue and orange, mono's bold without colour, the config file's
/// `theme` and `color.*`, and NO_COLOR over all of them.
@Suite("themes in a terminal")
struct ThemesInTerminalTests {
    /// One run of `top`: a label the script prints before it, and how it is run.
    struct Run {
        var label: String
        var theme: String?
        var environment: String
        var depth: ColorDepth
    }

    static let depths: [(environment: String, depth: ColorDepth)] = [
        ("COLORTERM=truecolor TERM=screen-256color", .trueColor),
        ("TERM=screen-256color", .indexed256),
        ("TERM=screen", .ansi16),
    ]

    static let runs: [Run] =
        ThemeName.allCases.flatMap { theme in
            depths.map { Run(label: "\(theme.rawValue)-\($0.depth)", theme: theme.rawValue, environment: $0.environment, depth: $0.depth) }
        } + [
            Run(label: "config-file", theme: nil, environment: "COLORTERM=truecolor TERM=screen-256color LACRIPTA_CONFIGURED=1", depth: .trueColor),
            Run(label: "no-color", theme: "colorblind", environment: "COLORTERM=truecolor TERM=screen-256color NO_COLOR=1", depth: .trueColor),
        ]

    /// The escape tmux writes before a run of text styled `style` in `theme` at `depth`.
    static func sgr(_ style: TextStyle, _ theme: Theme, _ depth: ColorDepth) -> String {
        "\u{1B}[" + ANSIRenderer(colorEnabled: true, theme: theme, depth: depth).parameters(for: style).map(String.init).joined(separator: ";") + "m"
    }

    @Test(
        "each theme at 24-bit, 256 and 16 colours, the config file's theme and roles, and NO_COLOR",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(3)))
    func everyTheme() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-themes-\(UUID().uuidString)")
        let configured = home.appendingPathComponent("configured")
        try FileManager.default.createDirectory(at: configured.appendingPathComponent("lacripta"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try Data("theme = light\ncolor.up = \"#ff00ff\"  # magenta\n".utf8).write(to: configured.appendingPathComponent("lacripta/config"))

        // One script runs every case in turn, each after a line naming it, so one tmux session
        // serves them all; the history holds them (the window is 24 rows).
        let binary = BinaryRunner.binary.path
        let steps = Self.runs.map { run in
            let config = run.environment.contains("LACRIPTA_CONFIGURED") ? "XDG_CONFIG_HOME=\(configured.path)" : ""
            let theme = run.theme.map { "--theme \($0)" } ?? ""
            return "echo '== \(run.label)'; env -u COLORTERM -u NO_COLOR -u FORCE_COLOR \(run.environment) \(config) '\(binary)' top -n 10 \(theme)"
        }
        let script = steps.joined(separator: "; ") + "; echo '== done'; sleep 60"
        let command = """
            env -u CRYPTOCOMPARE_API_KEY -u LACRIPTA_THEME LANG=C.UTF-8 HOME=\(home.path) XDG_CACHE_HOME=\(home.path)/cache \
            XDG_CONFIG_HOME=\(home.path)/config LACRIPTA_API_URL=\(simulator.restBaseURL.absoluteString) LACRIPTA_SOURCE=cryptocompare \
            sh -c "\(script)"
            """
        let tmux = try await TmuxSession(command: command, columns: 80, rows: 24)
        defer { tmux.kill() }
        try await tmux.waitFor("== done")
        // The whole history, asked again if a capture comes back cut short (a machine under heavy
        // load can end the read before tmux has written it all).
        var captured = ""
        for _ in 0..<3 where !captured.contains("== done") {
            captured = try await tmux.tmux(["capture-pane", "-p", "-e", "-S", "-", "-E", "-"])
        }
        let sections = Self.sections(of: captured)

        for run in Self.runs {
            let text = try #require(sections[run.label], "no output for \(run.label) in:\n\(captured.prefix(2000))")
            #expect(text.contains("▲") && text.contains("▼"), "\(run.label): both directions, marked")
            switch run.label {
            case "no-color":
                #expect(!text.contains("\u{1B}["), "NO_COLOR wins over --theme and COLORTERM")
            case "config-file":
                #expect(text.contains("\u{1B}[38;2;255;0;255m▲"), "color.up from the file, written as 24-bit")
                #expect(text.contains("\u{1B}[38;5;124m▼"), "the light theme's down, an index of the 256")
            default:
                let theme = try #require(Theme.named(run.theme ?? ""))
                if theme == .mono {
                    #expect(!text.contains("38;"), "\(run.label): mono writes no colour")
                    #expect(!Self.hasBasicColour(text), "\(run.label): mono writes no colour")
                    #expect(text.contains("\u{1B}[1m"), "\(run.label): mono keeps the bold header")
                    continue
                }
                #expect(text.contains(Self.sgr(.positive, theme, run.depth) + "▲"), "\(run.label): up")
                #expect(text.contains(Self.sgr(.negative, theme, run.depth) + "▼"), "\(run.label): down")
                #expect(run.depth == .trueColor || !text.contains("38;2;"), "\(run.label): 24-bit only where COLORTERM says so")
                #expect(run.depth != .ansi16 || !text.contains("38;5;"), "\(run.label): 16 colours only on a 16-colour terminal")
            }
        }
        // The colour-blind palette, spelled out: blue up, orange down, at each depth.
        #expect(sections["colorblind-trueColor"]?.contains("\u{1B}[38;2;86;180;233m▲") == true)
        #expect(sections["colorblind-trueColor"]?.contains("\u{1B}[38;2;230;159;0m▼") == true)
        #expect(sections["colorblind-indexed256"]?.contains("\u{1B}[38;5;74m▲") == true)
        #expect(sections["colorblind-ansi16"]?.contains("\u{1B}[94m▲") == true)
        #expect(sections["colorblind-ansi16"]?.contains("\u{1B}[33m▼") == true)
        #expect(sections["dark-ansi16"]?.contains("\u{1B}[32m▲") == true)
    }

    @Test(
        "lacripta --theme colorblind opens the full-screen view in blue and orange at 80×24; q quits",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(2)))
    func fullScreenView() async throws {
        let simulator = try SimulatorHarness.startWithStreamer(options: .init(seed: 4, ticksPerSecond: 10))
        defer { simulator.stop() }
        let streamURL = try #require(simulator.stream?.url)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-themes-view-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let command = """
            env -u CRYPTOCOMPARE_API_KEY -u NO_COLOR -u FORCE_COLOR -u LACRIPTA_THEME COLORTERM=truecolor TERM=screen-256color \
            HOME=\(home.path) XDG_CACHE_HOME=\(home.path)/cache XDG_CONFIG_HOME=\(home.path)/config \
            LACRIPTA_API_URL=\(simulator.restBaseURL.absoluteString) LACRIPTA_SOURCE=cryptocompare LACRIPTA_STREAM_URL=\(streamURL.absoluteString) \
            sh -c '"$0" --theme colorblind; echo "exit=$?"; sleep 60' '\(BinaryRunner.binary.path)'
            """
        let tmux = try await TmuxSession(command: command, columns: 80, rows: 24)
        defer { tmux.kill() }
        let screen = try await tmux.waitFor("blue ▲ and orange ▼", styles: true) { screen in
            screen.contains("\u{1B}[38;2;86;180;233m▲") && screen.contains("\u{1B}[38;2;230;159;0m▼")
        }
        #expect(!screen.contains("\u{1B}[32m▲") && !screen.contains("\u{1B}[31m▼"), "no green or red for up and down")
        try await tmux.send("q")
        try await tmux.waitFor("exit=0")
    }

    @Test(
        "an unknown --theme or LACRIPTA_THEME is a usage error naming it",
        .enabled(if: BinaryRunner.isAvailable, "needs the built lacripta"))
    func unknownTheme() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-themes-bad-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = BinaryRunner.environment(home: home)
        let flag = try await BinaryRunner.run(["top", "--theme", "sepia"], environment: environment)
        #expect(flag.status == 64 && flag.stderr.contains("--theme") && flag.stderr.contains("dark, light, high-contrast, colorblind or mono"))
        var bad = environment
        bad["LACRIPTA_THEME"] = "sepia"
        let variable = try await BinaryRunner.run(["top"], environment: bad)
        #expect(variable.status == 64 && variable.stderr.contains("LACRIPTA_THEME must be one of"))
    }

    @Test("every colour role has its config setting, and no setting names a role there is not")
    func rolesAndSettings() {
        #expect(ConfigKey.colorKeys.compactMap(\.colorRole) == ColorRole.allCases.map(\.rawValue))
        #expect(ThemeName.allCases.map(\.rawValue) == Theme.builtIn.map(\.name))
        for name in ThemeName.allCases { #expect(ThemeResolution.builtIn(name).name == name.rawValue) }
    }

    /// The captured lines after each `== label` line, up to the next.
    static func sections(of captured: String) -> [String: String] {
        var sections: [String: String] = [:]
        var label: String?
        for line in captured.split(separator: "\n", omittingEmptySubsequences: false) {
            // tmux closes the previous line's style at the start of the next: drop every escape.
            let plain = line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            if plain.hasPrefix("== ") {
                label = String(plain.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                continue
            }
            if let label { sections[label, default: ""] += line + "\n" }
        }
        return sections
    }

    /// Whether `text` selects one of the 16 colours (SGR 30–37, 90–97).
    static func hasBasicColour(_ text: String) -> Bool {
        let codes = (30...37).map(String.init) + (90...97).map(String.init)
        return codes.contains { code in text.contains("\u{1B}[\(code)m") || text.contains(";\(code)m") }
    }
}
