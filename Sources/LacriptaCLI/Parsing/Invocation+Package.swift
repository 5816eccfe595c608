import Foundation
import LacriptaCore
import LacriptaNet
import LacriptaTerminal

/// The command-line reading step, open to the rest of this package (not to users of the library):
/// the fuzz entries (`LacriptaFuzzing`) feed it arbitrary arguments through exactly the code
/// `CLI` runs, while `Invocation`, `ArgumentScanner` and the command tables stay internal.
extension CLI {
    /// Reads `arguments` (without the program name) as `CLI` does and says what they asked for:
    /// the command as built from its arguments (each command's own checks: prices, amounts,
    /// windows, sort orders), the help or version, or the usage error as the user would read it.
    /// Nothing is run and nothing is read from disk or the network.
    package static func describeInvocation(_ arguments: [String]) -> String {
        let plain = TerminalCapabilities(isTerminal: false, colorEnabled: false)
        if case .failure(let error) = Result(catching: { () throws(ParseError) in try globalChoices(in: arguments) }) {
            return ErrorReport.usage(error, command: nil).rendered(for: plain, redacting: [])
        }
        switch Invocation.parse(arguments, commands: commands) {
        case .bare: return "bare"
        case .programHelp: return "help"
        case .version: return "version"
        case .commandHelp(let configuration): return "help \(configuration.name)"
        case .usageError(let error, let configuration):
            return ErrorReport.usage(error, command: configuration).rendered(for: plain, redacting: [])
        case .command(let command, let parsed):
            do {
                return "\(try command.init(arguments: parsed, context: inertContext))"
            } catch {
                return ErrorReport.from(error, command: command.configuration).rendered(for: plain, redacting: [])
            }
        }
    }

    /// Reads `text` as the full-screen view's alert prompt (`A`) reads what the user typed:
    /// the alert it asks for, or the prompt's complaint.
    package static func describeAlertPrompt(_ text: String) -> String {
        switch AlertPrompt.parse(text, symbol: "BTC", currency: "USD") {
        case .success(let alert): "\(alert)"
        case .failure(let error): error.message
        }
    }

    /// A context for building commands only: its outputs discard, its addresses lead nowhere.
    private static let inertContext: Context = {
        let nowhere = URL(fileURLWithPath: "/nonexistent/lacripta")
        let plain = TerminalCapabilities(isTerminal: false, colorEnabled: false)
        return Context(
            environment: [:], stdout: DiscardedOutput(), stderr: DiscardedOutput(), stdoutCapabilities: plain,
            stderrCapabilities: plain, now: { Date(timeIntervalSince1970: 1_795_500_000) }, clock: ContinuousClock(),
            transport: HTTPTransports.platformDefault(),
            configuration: Configuration(apiBaseURL: nowhere, streamURL: nowhere, cacheDirectory: nowhere))
    }()
}

/// An output that drops what it is given: the inert context's, where nothing is run.
private struct DiscardedOutput: TerminalOutput {
    func write(_ text: String) throws(TerminalOutputError) {}
}
