/// What a command line asks for, decided from the arguments alone, before any configuration is
/// read: help, the version and usage mistakes must answer even when the config file is broken
/// (and without the cost of reading it).
enum Invocation {
    /// No arguments: the full-screen view on a terminal, the program help elsewhere.
    case bare
    /// `lacripta --help`, `-h` or `help`.
    case programHelp
    /// `--version`, alone or after a command.
    case version
    /// `lacripta COMMAND --help` or `lacripta help COMMAND`.
    case commandHelp(CommandConfiguration)
    /// The command line is wrong; the command, when one was named, for its usage hint.
    case usageError(ParseError, CommandConfiguration?)
    /// A command to run with its parsed arguments.
    case command(any Command.Type, ParsedArguments)

    /// Reads `arguments` (without the program name) against `commands`.
    static func parse(_ arguments: [String], commands: [any Command.Type]) -> Invocation {
        var arguments = arguments
        if arguments.isEmpty { return .bare }
        if arguments == ["help"] || arguments.first == "--help" || arguments.first == "-h" { return .programHelp }
        if arguments.first == "--version" { return .version }
        if arguments.first == "help", arguments.count == 2 {
            arguments = [arguments[1], "--help"]
        }
        if let bare = globalOptionsAlone(arguments) { return bare }
        let name = arguments.removeFirst()
        let configurations = commands.map { $0.configuration }
        guard let index = configurations.firstIndex(where: { $0.name == name }) else {
            let suggestion = EditDistance.suggestion(for: name, among: configurations.map(\.name))
            return .usageError(.unknownCommand(name, suggestion: suggestion), nil)
        }
        let configuration = configurations[index]
        // A subcommand is the first word after the command; its options join the command's.
        let subcommand = arguments.first.flatMap(configuration.subcommand(named:))
        if subcommand != nil { arguments.removeFirst() }
        var parsed: ParsedArguments
        do {
            parsed = try ArgumentScanner(specs: configuration.options + (subcommand?.options ?? []) + GlobalOptions.specs).scan(arguments)
            parsed.subcommand = subcommand?.name
        } catch {
            return .usageError(error, configuration)
        }
        if parsed.has("help") { return .commandHelp(configuration) }
        if parsed.has("version") { return .version }
        return .command(commands[index], parsed)
    }

    /// `lacripta --theme light` (global options and nothing else) is the full-screen view in
    /// that theme, as `lacripta` alone is; nil when the arguments are anything more.
    private static func globalOptionsAlone(_ arguments: [String]) -> Invocation? {
        guard arguments.first?.hasPrefix("--") == true,
            let parsed = try? ArgumentScanner(specs: GlobalOptions.specs).scan(arguments),
            parsed.positionals.isEmpty, !parsed.has("help"), !parsed.has("version")
        else { return nil }
        return .bare
    }

    /// Whether answering needs the configuration (and so the config file).
    var needsConfiguration: Bool {
        switch self {
        case .bare: true
        case .command(let command, _): command.configuration.readsConfiguration
        case .programHelp, .version, .commandHelp, .usageError: false
        }
    }
}
