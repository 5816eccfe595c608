import Foundation
import LacriptaCore
import LacriptaNet
import LacriptaTerminal
import LacriptaTestSupport
import Testing

@testable import LacriptaCLI

/// The delivery channels: the line, the terminal's escapes, and the user's program run directly
/// with the alert in its environment, failing or hanging without stopping anything.
@Suite("Alert delivery")
struct AlertDeliveryTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-deliver-\(UUID().uuidString)")

    private func notice(note: String? = "sell some") throws -> AlertNotice {
        let alert = Alert(
            id: 7, symbol: "BTC", currency: "USD", condition: .above(try #require(DecimalText("100000"))), state: .fired,
            lastFired: Date(timeIntervalSince1970: 1_795_514_400), note: note)
        return AlertNotice(alert: alert, price: 100_012.34, at: Date(timeIntervalSince1970: 1_795_514_400), reason: "crossed above 100000")
    }

    /// Writes an executable shell script named `name` with `body`.
    private func script(_ name: String, _ body: String) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    private func program(_ path: String, timeout: Duration = .seconds(30), environment: [String: String] = [:]) -> ProgramAlertNotifier {
        ProgramAlertNotifier(
            program: (path as NSString).lastPathComponent, executable: path, environment: ["PATH": "/usr/bin:/bin"].merging(environment) { $1 },
            timeout: timeout, clock: ContinuousClock())
    }

    @Test("the line on stdout: time, pair, price, why, the alert and its note")
    func line() async throws {
        let output = RecordingOutput()
        let problems = await LineAlertNotifier(output: output, renderer: ANSIRenderer(colorEnabled: false)).deliver(try notice())
        #expect(problems.isEmpty)
        #expect(output.text == "2026-11-24T10:00:00Z  BTC/USD  $100,012.34  crossed above 100000 (alert 7: sell some)\n")
    }

    @Test("on a terminal: OSC 777, OSC 9 and a bell; in tmux wrapped for passthrough")
    func terminal() async throws {
        let plain = RecordingOutput()
        _ = await TerminalAlertNotifier(output: plain, insideTmux: false).deliver(try notice())
        #expect(
            plain.text
                == "\u{1B}]777;notify;lacripta: BTC/USD $100,012.34;crossed above 100000 (alert 7: sell some)\u{07}"
                + "\u{1B}]9;lacripta: BTC/USD $100,012.34: crossed above 100000 (alert 7: sell some)\u{07}\u{07}")
        let tmux = RecordingOutput()
        _ = await TerminalAlertNotifier(output: tmux, insideTmux: true).deliver(try notice())
        #expect(tmux.text.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}]777;notify;"))
        #expect(tmux.text.hasSuffix("\u{07}\u{1B}\\\u{07}"))
    }

    @Test("--exec: the program runs directly with the alert in its environment, every value one clean line")
    func execEnvironment() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let record = folder.appendingPathComponent("env.txt").path
        let path = try script("record", "env > \"$RECORD\"")
        let hostile = try notice(note: "sell\u{1B}]0;pwned\u{07} now")
        let problems = await program(path, environment: ["RECORD": record]).deliver(hostile)
        #expect(problems.isEmpty)
        let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
        let variables = Dictionary(
            lines.compactMap { line -> (String, String)? in
                guard let equals = line.firstIndex(of: "=") else { return nil }
                return (String(line[..<equals]), String(line[line.index(after: equals)...]))
            }
        ) { first, _ in first }
        #expect(variables["LACRIPTA_ALERT_SYMBOL"] == "BTC")
        #expect(variables["LACRIPTA_ALERT_CURRENCY"] == "USD")
        #expect(variables["LACRIPTA_ALERT_PRICE"] == "100012.34")
        #expect(variables["LACRIPTA_ALERT_CONDITION"] == "above 100000")
        #expect(variables["LACRIPTA_ALERT_REASON"] == "crossed above 100000")
        #expect(variables["LACRIPTA_ALERT_ID"] == "7")
        #expect(variables["LACRIPTA_ALERT_TIME"] == "2026-11-24T10:00:00Z")
        #expect(variables["LACRIPTA_ALERT_NOTE"] == "sell ]0;pwned now")
        #expect(!lines.joined().contains("\u{1B}") && !lines.joined().contains("\u{07}"))
        #expect(variables["PATH"] == "/usr/bin:/bin")
    }

    @Test("a program that fails is reported with its status, and delivery goes on")
    func execFails() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try script("fail", "exit 3")
        let problems = await program(path).deliver(try notice())
        #expect(problems == ["alert 7: the program fail exited with status 3"])
    }

    @Test("a program that hangs is killed, with what it started, after the timeout, and reported")
    func execHangs() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try script("hang", "sleep 600 &\nsleep 600")
        let problems = await program(path, timeout: .milliseconds(300)).deliver(try notice())
        #expect(problems == ["alert 7: the program hang did not finish in time and was stopped"])
    }

    @Test("names are looked up on PATH, paths taken as they are; nothing is run through a shell")
    func resolve() throws {
        #expect(ProgramRunner.resolve("sh", searchPath: "/nonexistent:/bin") == "/bin/sh")
        #expect(ProgramRunner.resolve("sh; rm -rf ~", searchPath: "/bin") == nil)
        #expect(ProgramRunner.resolve("/bin/sh", searchPath: nil) == "/bin/sh")
        #expect(ProgramRunner.resolve("./no-such-program", searchPath: nil) == nil)
    }

    @Test("only a regular file this user may execute can run: a directory, a plain file or a FIFO is refused with why")
    func onlyRegularExecutables() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let runnable = try script("on-alert", "exit 0")
        let plain = folder.appendingPathComponent("plain").path
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: plain))
        let directory = folder.appendingPathComponent("bin-dir").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o755) == 0)
        #expect(ProgramRunner.locate(runnable, searchPath: nil) == .success(runnable))
        #expect(ProgramRunner.locate(directory, searchPath: nil) == .failure(.directory))
        #expect(ProgramRunner.locate(plain, searchPath: nil) == .failure(.notExecutable))
        #expect(ProgramRunner.locate(fifo, searchPath: nil) == .failure(.notRegularFile))
        #expect(ProgramRunner.locate(folder.appendingPathComponent("gone").path, searchPath: nil) == .failure(.noSuchFile))
        #expect(ProgramRunner.locate("bin-dir", searchPath: folder.path) == .failure(.notOnPath), "a directory on PATH is no program")
        #expect(ProgramRunner.locate("on-alert", searchPath: "\(folder.path)/bin-dir:\(folder.path)") == .success(runnable))
    }

    @Test("the channels: the line alone off a terminal; the escapes on one; tmux noticed; a missing program a usage error")
    func channels() async throws {
        func session(terminal: Bool, environment: [String: String], exec: AlertProgram? = nil) -> (AlertWatchSession, RecordingOutput) {
            let output = RecordingOutput()
            let context = Context(
                environment: environment, stdout: output, stderr: RecordingOutput(),
                stdoutCapabilities: TerminalCapabilities(isTerminal: terminal, colorEnabled: false),
                stderrCapabilities: TerminalCapabilities(isTerminal: false, colorEnabled: false), now: { Date() }, clock: ContinuousClock(),
                transport: HTTPTransports.platformDefault(),
                configuration: Configuration(apiBaseURL: folder, streamURL: folder, cacheDirectory: folder))
            let store = UserStore(directory: folder.path)
            return (AlertWatchSession(store: store, once: true, exec: exec, provider: .cryptoCompare, context: context), output)
        }
        let (offTerminal, plainOutput) = session(terminal: false, environment: ["PATH": "/bin"])
        _ = try await offTerminal.notifiers().deliver(try notice())
        #expect(!plainOutput.text.contains("\u{1B}") && plainOutput.text.hasSuffix("(alert 7: sell some)\n"))
        let (inTmux, tmuxOutput) = session(terminal: true, environment: ["PATH": "/bin", "TMUX": "/tmp/tmux-1000/default,1,0"])
        _ = try await inTmux.notifiers().deliver(try notice())
        #expect(tmuxOutput.text.contains("\u{1B}Ptmux;"))
        let configured = AlertProgram(command: "no-such-alert-program", origin: "`alert_exec` (line 2 of /home/u/.config/lacripta/config)")
        let (missing, _) = session(terminal: false, environment: ["PATH": "/bin"], exec: configured)
        do {
            _ = try missing.notifiers()
            Issue.record("a missing program was accepted")
        } catch {
            let error = try #require(error as? LacriptaError)
            #expect(error.exitCode == .usage)
            #expect(error.userMessage.contains("`alert_exec` (line 2 of /home/u/.config/lacripta/config) names no-such-alert-program"))
            #expect(!error.userMessage.contains("--exec"), "the setting it came from is named, not an option never given")
        }
    }
}
