import LacriptaCore

/// `lacripta completions SHELL`: prints the completion script for bash, zsh or fish, for a user
/// who installed the binary alone (`make install` puts the same scripts in place).
struct CompletionsCommand: Command {
    static let configuration = CommandConfiguration(
        name: "completions",
        abstract: "print the shell completion script for bash, zsh or fish",
        usage: "SHELL",
        discussion: """
            Prints a script that makes the shell complete lacripta's commands, options and their fixed
            values. make install puts these scripts where each shell looks for them; use this command
            when you installed the binary alone.
            """,
        options: [],
        examples: [
            ("lacripta completions bash >~/.local/share/bash-completion/completions/lacripta", "bash, for your user"),
            ("lacripta completions zsh > ~/.zfunc/_lacripta", "zsh (with ~/.zfunc in fpath)"),
            ("lacripta completions fish > ~/.config/fish/completions/lacripta.fish", "fish"),
        ],
        positionalChoices: CompletionScript.Shell.allCases.map(\.rawValue)
    )

    let shell: CompletionScript.Shell

    init(arguments: ParsedArguments, context: Context) throws {
        guard let name = arguments.positionals.first else { throw ParseError.missingArgument("SHELL (bash, zsh or fish)") }
        guard arguments.positionals.count == 1 else { throw ParseError.unexpectedArgument(arguments.positionals[1]) }
        guard let shell = CompletionScript.Shell(rawValue: name.lowercased()) else {
            throw ParseError.invalidArgument(name: "SHELL", value: name, expected: "bash, zsh or fish")
        }
        self.shell = shell
    }

    func run(in context: Context) async throws -> ExitCode {
        try context.printRaw(CompletionScript.render(shell, commands: CLI.commands.map { $0.configuration }))
        return .success
    }
}
