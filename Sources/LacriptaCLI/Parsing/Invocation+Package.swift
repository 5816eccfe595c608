import LacriptaTerminal

/// The command-line reading step, open to the rest of this package (not to users of the library):
/// the fuzz entries (`LacriptaFuzzing`) feed it arbitrary arguments through exactly the code
/// `CLI` runs, while `Invocation`, `ArgumentScanner` and the command tables stay internal.
extension CLI {
    /// Reads `arguments` (without the program name) as `CLI` does and says what they asked for:
    /// the command's name, the help or version, or the usage error as the user would read it.
    package static func describeInvocation(_ arguments: [String]) -> String {
        switch Invocation.parse(arguments, commands: commands) {
        case .bare: "bare"
        case .programHelp: "help"
        case .version: "version"
        case .commandHelp(let configuration): "help \(configuration.name)"
        case .usageError(let error, let configuration):
            ErrorReport.usage(error, command: configuration)
                .rendered(for: TerminalCapabilities(isTerminal: false, colorEnabled: false), redacting: [])
        case .command(let command, let parsed):
            "\(command.configuration.name) \(parsed.subcommand ?? "") \(parsed.positionals.count)"
        }
    }
}
