import Foundation
import LacriptaCore
import LacriptaNet
import LacriptaTerminal
import LacriptaTestSupport
import Testing

@testable import LacriptaCLI

/// `lacripta alert …` read into an action: the first positional is the action, and each option
/// belongs to one action.
@Suite("alert command line")
struct AlertCommandParsingTests {
    private let context: Context = {
        let folder = FileManager.default.temporaryDirectory
        var configuration = Configuration(apiBaseURL: folder, streamURL: folder, cacheDirectory: folder)
        configuration.defaultCurrency = "EUR"
        return Context(
            environment: [:], stdout: RecordingOutput(), stderr: RecordingOutput(),
            stdoutCapabilities: TerminalCapabilities(isTerminal: false, colorEnabled: false),
            stderrCapabilities: TerminalCapabilities(isTerminal: false, colorEnabled: false), now: { Date() }, clock: ContinuousClock(),
            transport: HTTPTransports.platformDefault(), configuration: configuration)
    }()

    private func action(_ arguments: [String]) throws -> AlertCommand.Action {
        let parsed = try ArgumentScanner(specs: AlertCommand.configuration.options + GlobalOptions.specs).scan(arguments)
        return try AlertCommand(arguments: parsed, context: context).action
    }

    @Test("no action lists; add reads the condition, keeps the digits, and takes the configured currency")
    func actions() throws {
        #expect(try action([]) == .list(json: false))
        #expect(try action(["--json"]) == .list(json: true))
        guard case .add(let alert) = try action(["add", "btc", "BELOW", "0.000120", "--repeat", "--note", "dip"]) else {
            Issue.record("not an add")
            return
        }
        #expect(alert.symbol == "BTC" && alert.currency == "EUR" && alert.repeats && alert.note == "dip")
        #expect(alert.condition == .below(try #require(DecimalText("0.000120"))))
        guard case .add(let move) = try action(["add", "SOL", "move", "5", "--within", "24H", "-c", "usd"]) else {
            Issue.record("not an add")
            return
        }
        #expect(move.condition == .move(percent: try #require(DecimalText("5")), window: .seconds(86_400)) && move.currency == "USD")
        #expect(try action(["rm", "3", "1"]) == .remove([3, 1]))
        #expect(try action(["clear", "--fired"]) == .clearFired)
        #expect(try action(["watch", "--once", "--exec", "/bin/true"]) == .watch(once: true, exec: "/bin/true"))
    }

    @Test(
        "mistakes are usage errors that say what is expected",
        arguments: [
            (["add", "BTC", "above"], "missing argument SYMBOL above|below PRICE"),
            (["add", "BTC", "above", "-5"], "invalid PRICE '-5'"),
            (["add", "BTC", "above", "0"], "invalid PRICE '0'"),
            (["add", "BTC", "near", "5"], "invalid condition 'near'"),
            (["add", "BTC", "above", "5", "--within", "1h"], "--within goes with `move`"),
            (["add", "BTC", "above", "5", "extra"], "unexpected argument 'extra'"),
            (["add", "BTC", "above", "5", "--once"], "--once does not go with `alert add`"),
            (["rm"], "missing argument ID"),
            (["rm", "x"], "invalid ID 'x'"),
            (["clear"], "`alert clear` needs --fired"),
            (["wacth"], "(did you mean 'watch'?)"),
            (["list", "--fired"], "--fired does not go with `alert list`"),
        ])
    func mistakes(arguments: [String], message: String) {
        do {
            _ = try action(arguments)
            Issue.record("accepted \(arguments)")
        } catch let error as ParseError {
            #expect(error.message.contains(message), "\(error.message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
