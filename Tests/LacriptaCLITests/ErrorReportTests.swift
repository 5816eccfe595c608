import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// Every failure line is rendered one way: prefix, one sanitised line, the usage for usage
/// mistakes, the key redacted.
@Suite("Error report")
struct ErrorReportTests {
    private let plain = TerminalCapabilities(isTerminal: false, colorEnabled: false)
    private let colour = TerminalCapabilities(isTerminal: true, colorEnabled: true)

    @Test("server text with escapes and line breaks becomes one clean line")
    func sanitised() {
        let error = LacriptaError.service("bad\u{1B}[2J\nthing\u{9B}31m here")
        let text = ErrorReport.from(error).rendered(for: plain, redacting: [])
        #expect(text.split(separator: "\n").count == 1)
        #expect(!text.contains("\u{1B}") && !text.contains("\u{9B}"))
        #expect(text.hasPrefix("lacripta: CryptoCompare reported an error: bad"))
    }

    @Test("a usage mistake names the command and shows its usage; a runtime failure does not")
    func usageLines() {
        let usage = ErrorReport.from(ParseError.missingValue(option: "limit"), command: TopCommand.configuration)
        #expect(usage.exitCode == .usage)
        #expect(
            usage.rendered(for: plain, redacting: [])
                == "lacripta top: option '--limit' needs a value\nUsage: lacripta top [options]\nSee 'lacripta top --help'.\n")
        let runtime = ErrorReport.from(LacriptaError.unavailable("cannot connect to h:1"), command: TopCommand.configuration)
        #expect(runtime.exitCode == .unavailable)
        #expect(runtime.rendered(for: plain, redacting: []).split(separator: "\n").count == 1)
        let configuration = ErrorReport.from(LacriptaError.configuration("LACRIPTA_TIMEOUT must be …"), command: TopCommand.configuration)
        #expect(configuration.exitCode == .usage)
        #expect(configuration.rendered(for: plain, redacting: []) == "lacripta: LACRIPTA_TIMEOUT must be …\n")
    }

    @Test("the prefix is red only where colour is on, and the key never shows")
    func colourAndKey() throws {
        let key = try #require(APIKey("s3cret-key"))
        let report = ErrorReport.from(LacriptaError.service("echoed s3cret-key back"))
        #expect(report.rendered(for: colour, redacting: [key]).hasPrefix("\u{1B}[31mlacripta: \u{1B}[0m"))
        #expect(!report.rendered(for: colour, redacting: [key]).contains("s3cret-key"))
        #expect(report.rendered(for: plain, redacting: [key]) == "lacripta: CryptoCompare reported an error: echoed **** back\n")
    }

    @Test("an output failure says what happened in words")
    func output() {
        #expect(
            ErrorReport.from(TerminalOutputError.failed(errno: 28)).rendered(for: plain, redacting: [])
                == "lacripta: cannot write output: the disk is full (no space left on the device)\n")
    }
}
