import Foundation
import LacriptaCore
import LacriptaTerminal

/// Builds the `--help` text of the program and of each command, and the short usage block shown
/// under a usage error. Help is laid out for the width it is read at (`columns`: the terminal's,
/// else `COLUMNS`, else 80), so every page fits an 80×24 terminal.
enum HelpRenderer {
    /// The width help is laid out for when nothing says otherwise (and the snapshots' width).
    static let defaultColumns = 80

    /// The program's overview: commands, global options, exit codes and environment.
    static func programHelp(commands: [CommandConfiguration], columns: Int = defaultColumns) -> String {
        let layout = HelpLayout(columns: columns)
        var lines = layout.paragraphs("lacripta \(Version.current) — \(ProgramReference.summary)")
        lines += ["", "USAGE: lacripta <command> [options]"]
        lines += layout.definitions(
            [
                (
                    "lacripta",
                    "on a terminal: the full-screen view (toplist, news, articles, live prices); "
                        + "the same as `lacripta top -i`; ? lists the keys"
                )
            ], indent: 7)
        lines += ["", "COMMANDS:"] + layout.definitions(commands.map { ($0.name, $0.abstract) })
        lines += ["", "OPTIONS:"] + optionLines(GlobalOptions.specs, layout)
        lines += [""] + footer(layout)
        lines += [""] + layout.paragraphs("Run 'lacripta <command> --help' for a command's options and examples.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command's help: usage, discussion, options, examples, exit codes.
    static func commandHelp(_ command: CommandConfiguration, columns: Int = defaultColumns) -> String {
        let layout = HelpLayout(columns: columns)
        var lines = layout.paragraphs("lacripta \(command.name) — \(command.abstract)") + [""]
        // Usage lines wrap under their start: "USAGE: " is as wide as the indent.
        var usage = TextWrapper(width: layout.width, indent: "       ").wrap("lacripta \(command.name) \(command.usage)")
        usage[0] = "USAGE: " + usage[0].dropFirst(7)
        lines += usage
        for subcommand in command.subcommands {
            lines += TextWrapper(width: layout.width, indent: "       ").wrap("lacripta \(command.name) \(subcommand.name) \(subcommand.usage)")
        }
        if !command.subcommands.isEmpty {
            lines += ["", "SUBCOMMANDS:"] + layout.definitions(command.subcommands.map { ($0.name, $0.abstract) })
        }
        if !command.discussion.isEmpty { lines += [""] + layout.paragraphs(command.discussion) }
        lines += ["", "OPTIONS:"] + optionLines(command.options + GlobalOptions.specs, layout)
        for subcommand in command.subcommands where !subcommand.options.isEmpty {
            lines += ["", "OPTIONS OF '\(command.name) \(subcommand.name)':"] + optionLines(subcommand.options, layout)
        }
        if !command.examples.isEmpty {
            lines += ["", "EXAMPLES:"]
            for example in command.examples {
                // A command is kept on one line, to be copied as it is; its comment wraps under it.
                lines.append("  \(example.command)")
                lines += TextWrapper(width: layout.width, indent: "      ").wrap(example.comment)
            }
        }
        lines += [""] + footer(layout)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines printed after a usage error: the usage and where to read more.
    static func usageHint(for command: CommandConfiguration?) -> String {
        guard let command else { return "Usage: lacripta <command> [options]\nSee 'lacripta --help'." }
        return "Usage: lacripta \(command.name) \(command.usage)\nSee 'lacripta \(command.name) --help'."
    }

    private static func optionLines(_ options: [OptionSpec], _ layout: HelpLayout) -> [String] {
        layout.definitions(options.map { ($0.signature, $0.help) })
    }

    /// Environment and exit codes, under every help page.
    private static func footer(_ layout: HelpLayout) -> [String] {
        var lines = ["ENVIRONMENT:"] + layout.definitions(ProgramReference.environment.map { ($0.name, $0.meaning) })
        lines += ["", "EXIT CODES:"]
        let codes = ProgramReference.exitCodes.map { "\($0.code) \($0.meaning)" }
        lines += TextWrapper(width: layout.width, indent: "  ").wrap(codes.joined(separator: ", "))
        return lines
    }
}
