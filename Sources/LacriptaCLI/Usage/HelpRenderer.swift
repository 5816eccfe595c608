import Foundation
import LacriptaCore

/// Builds the `--help` text of the program and of each command, and the short usage block shown
/// under a usage error.
enum HelpRenderer {
    /// The program's overview: commands, global options, exit codes and environment.
    static func programHelp(commands: [CommandConfiguration]) -> String {
        var lines = [
            "lacripta \(Version.current) — \(ProgramReference.summary)",
            "",
            "USAGE: lacripta <command> [options]",
            "       lacripta                  (on a terminal: the full-screen view — toplist, news, articles,",
            "                                  live prices; the same as `lacripta top -i`; ? lists the keys)",
            "",
            "COMMANDS:",
        ]
        let width = (commands.map(\.name.count).max() ?? 0) + 2
        for command in commands {
            lines.append("  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.abstract)
        }
        lines += ["", "OPTIONS:"] + optionLines(GlobalOptions.specs)
        lines += [""] + footer
        lines += ["", "Run 'lacripta <command> --help' for a command's options and examples."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command's help: usage, discussion, options, examples, exit codes.
    static func commandHelp(_ command: CommandConfiguration) -> String {
        var lines = ["lacripta \(command.name) — \(command.abstract)", "", "USAGE: lacripta \(command.name) \(command.usage)"]
        for subcommand in command.subcommands {
            lines.append("       lacripta \(command.name) \(subcommand.name) \(subcommand.usage)")
        }
        if !command.subcommands.isEmpty {
            lines += ["", "SUBCOMMANDS:"]
            let width = (command.subcommands.map(\.name.count).max() ?? 0) + 2
            lines += command.subcommands.map { "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + $0.abstract }
        }
        if !command.discussion.isEmpty { lines += ["", command.discussion] }
        lines += ["", "OPTIONS:"] + optionLines(command.options + GlobalOptions.specs)
        for subcommand in command.subcommands where !subcommand.options.isEmpty {
            lines += ["", "OPTIONS OF '\(command.name) \(subcommand.name)':"] + optionLines(subcommand.options)
        }
        if !command.examples.isEmpty {
            lines += ["", "EXAMPLES:"]
            for example in command.examples {
                lines.append("  \(example.command)")
                lines.append("      \(example.comment)")
            }
        }
        lines += [""] + footer
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines printed after a usage error: the usage and where to read more.
    static func usageHint(for command: CommandConfiguration?) -> String {
        guard let command else { return "Usage: lacripta <command> [options]\nSee 'lacripta --help'." }
        return "Usage: lacripta \(command.name) \(command.usage)\nSee 'lacripta \(command.name) --help'."
    }

    private static func optionLines(_ options: [OptionSpec]) -> [String] {
        let width = (options.map(\.signature.count).max() ?? 0) + 2
        return options.map { "  " + $0.signature.padding(toLength: width, withPad: " ", startingAt: 0) + $0.help }
    }

    /// Environment and exit codes, under every help page.
    private static var footer: [String] {
        let width = (ProgramReference.environment.map(\.name.count).max() ?? 0) + 2
        var lines = ["ENVIRONMENT:"]
        lines += ProgramReference.environment.map { "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + $0.meaning }
        lines += ["", "EXIT CODES:"]
        let codes = ProgramReference.exitCodes.map { "\($0.code) \($0.meaning)" }
        lines.append("  " + codes[..<4].joined(separator: ", ") + ",")
        lines.append("  " + codes[4...].joined(separator: ", "))
        return lines
    }
}
