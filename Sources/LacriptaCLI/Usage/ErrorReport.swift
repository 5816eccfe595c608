import LacriptaCore
import LacriptaTerminal

/// Every failure lacripta reports, rendered one way: `lacripta[ COMMAND]: ` in red, then the
/// message sanitised to one line (whatever the server or the user typed, no control character
/// reaches the terminal), then, for a usage mistake, the usage line and where to read more.
///
/// The entry point, the commands and the full-screen view all report through it, so an error looks
/// the same wherever it happens and the key is redacted in one place (`Context.report`).
struct ErrorReport: Sendable {
    /// The lines for standard error.
    let lines: [StyledText]
    /// The exit status the failure stands for.
    let exitCode: ExitCode

    /// A runtime failure; a usage-class one also shows `command`'s usage.
    static func failure(_ error: LacriptaError, command: CommandConfiguration? = nil) -> ErrorReport {
        let hint = error.isUsage ? [StyledText(HelpRenderer.usageHint(for: command))] : []
        return ErrorReport(lines: [headline(error.userMessage, command: nil)] + hint, exitCode: error.exitCode)
    }

    /// A command line the parser rejected: the message, then the usage.
    static func usage(_ error: ParseError, command: CommandConfiguration?) -> ErrorReport {
        ErrorReport(lines: [headline(error.message, command: command), StyledText(HelpRenderer.usageHint(for: command))], exitCode: .usage)
    }

    /// A problem a command reports and carries on from (a pair the streamer refused, a connection
    /// lost and being re-opened): the same line as a failure, and no exit status of its own.
    static func notice(_ message: String) -> ErrorReport {
        ErrorReport(lines: [headline(message, command: nil)], exitCode: .success)
    }

    /// Output that could not be written (a full disk, a closed terminal).
    static func output(_ error: TerminalOutputError) -> ErrorReport {
        ErrorReport(lines: [headline("cannot write output: \(error.userMessage)", command: nil)], exitCode: .failure)
    }

    /// Any error, by its kind; one we did not expect is described as Swift describes it.
    static func from(_ error: any Error, command: CommandConfiguration? = nil) -> ErrorReport {
        switch error {
        case let error as LacriptaError: failure(error, command: error.isUsage ? command : nil)
        // Every key-binding problem at once, a line each (they are all found at start).
        case let error as KeyBindingProblems:
            ErrorReport(lines: error.problems.map { headline($0.userMessage, command: nil) }, exitCode: .usage)
        case let error as ParseError: usage(error, command: command)
        case let error as TerminalOutputError: output(error)
        default: ErrorReport(lines: [headline(String(describing: error), command: nil)], exitCode: .failure)
        }
    }

    /// `lacripta: message` (or `lacripta top: message`), the prefix in the error colour.
    private static func headline(_ message: String, command: CommandConfiguration?) -> StyledText {
        let prefix = command.map { "lacripta \($0.name): " } ?? "lacripta: "
        return StyledText(prefix, style: .error) + StyledText(Sanitizer.singleLine(message))
    }

    /// The report as text for `capabilities` (coloured or not), with every one of `keys` redacted
    /// wherever it appears.
    func rendered(for capabilities: TerminalCapabilities, redacting keys: [APIKey]) -> String {
        lines.map { line in
            keys.reduce(capabilities.renderer.render(line)) { text, key in key.redact(text) } + "\n"
        }.joined()
    }
}
