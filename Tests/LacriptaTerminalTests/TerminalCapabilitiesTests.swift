import LacriptaTerminal
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct ColorModeTests {
    @Test(arguments: [
        ("auto", ColorMode.auto), ("always", .always), ("never", .never), ("ALWAYS", .always),
        (" Never ", .never),
    ])
    func parsesOptionValues(text: String, mode: ColorMode) {
        #expect(ColorMode(parsing: text) == mode)
    }

    @Test(arguments: ["", "yes", "colour", "nevermore", "al ways"])
    func rejectsAnythingElse(text: String) {
        #expect(ColorMode(parsing: text) == nil)
    }
}

@Suite struct TerminalCapabilitiesTests {
    private func color(_ mode: ColorMode, _ environment: [String: String], tty: Bool) -> Bool {
        TerminalCapabilities.resolveColor(mode: mode, environment: environment, isTerminal: tty)
    }

    @Test func explicitModeWinsOverEverything() {
        let hostile = ["NO_COLOR": "1", "TERM": "dumb"]
        #expect(color(.always, hostile, tty: false))
        #expect(!color(.never, ["FORCE_COLOR": "1"], tty: true))
    }

    @Test func autoFollowsTheStreamWhenTheEnvironmentIsSilent() {
        #expect(color(.auto, [:], tty: true))
        #expect(!color(.auto, [:], tty: false))
        #expect(color(.auto, ["TERM": "xterm-256color"], tty: true))
    }

    @Test func forceColorTurnsColourOnEvenIntoAPipeAndBeatsNoColor() {
        #expect(color(.auto, ["FORCE_COLOR": "1"], tty: false))
        #expect(color(.auto, ["FORCE_COLOR": "true", "NO_COLOR": "1", "TERM": "dumb"], tty: false))
    }

    @Test func forceColorEmptyOrZeroCountsAsUnset() {
        #expect(!color(.auto, ["FORCE_COLOR": "0"], tty: false))
        #expect(!color(.auto, ["FORCE_COLOR": ""], tty: false))
        #expect(!color(.auto, ["FORCE_COLOR": "0", "NO_COLOR": "1"], tty: true))
        #expect(color(.auto, ["FORCE_COLOR": "0"], tty: true))
    }

    @Test func noColorTurnsColourOffUnlessEmpty() {
        #expect(!color(.auto, ["NO_COLOR": "1"], tty: true))
        #expect(!color(.auto, ["NO_COLOR": "anything"], tty: true))
        #expect(color(.auto, ["NO_COLOR": ""], tty: true))
    }

    @Test func dumbTerminalGetsNoColour() {
        #expect(!color(.auto, ["TERM": "dumb"], tty: true))
    }

    @Test func sizePrefersTheWindowThenTheEnvironmentThenDefaults() {
        let window = TerminalSize(columns: 132, rows: 50)
        let environment = ["COLUMNS": "100", "LINES": "30"]
        #expect(TerminalCapabilities.resolveSize(windowSize: window, environment: environment) == window)
        #expect(TerminalCapabilities.resolveSize(windowSize: nil, environment: environment) == TerminalSize(columns: 100, rows: 30))
        #expect(TerminalCapabilities.resolveSize(windowSize: nil, environment: [:]) == TerminalSize(columns: 80, rows: 24))
        let partial = TerminalSize(columns: 90, rows: 0)
        #expect(TerminalCapabilities.resolveSize(windowSize: partial, environment: environment) == TerminalSize(columns: 90, rows: 30))
    }

    @Test(arguments: ["0", "-5", "wide", "", "99999999999999999999999"])
    func malformedEnvironmentSizesFallBackToDefaults(value: String) {
        let size = TerminalCapabilities.resolveSize(windowSize: nil, environment: ["COLUMNS": value, "LINES": value])
        #expect(size == TerminalSize(columns: 80, rows: 24))
    }

    @Test func detectOnAPipeIsNotATerminal() throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        defer {
            close(descriptors[0])
            close(descriptors[1])
        }
        let environment = ["COLUMNS": "77", "LINES": "11"]
        let capabilities = TerminalCapabilities.detect(fileDescriptor: descriptors[1], colorMode: .auto, environment: environment)
        #expect(capabilities == TerminalCapabilities(isTerminal: false, colorEnabled: false, width: 77, height: 11))
        #expect(TerminalSize.query(fileDescriptor: descriptors[1]) == nil)
        let forced = TerminalCapabilities.detect(fileDescriptor: descriptors[1], colorMode: .always, environment: [:])
        #expect(forced.colorEnabled)
        #expect(forced.width == 80)
    }
}
