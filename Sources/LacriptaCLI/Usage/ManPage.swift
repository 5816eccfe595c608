import Foundation

/// The `lacripta(1)` man page in roff (man macros), generated from the command and option tables
/// the parser and `--help` use. `Resources/man/lacripta.1` holds it as generated; a test fails
/// when the two differ, and `make generate` rewrites it.
enum ManPage {
    /// The page for `commands`.
    static func render(commands: [CommandConfiguration]) -> String {
        var lines = [
            ".\\\" lacripta(1): generated from the option tables; do not edit (make generate rewrites it)",
            ".TH LACRIPTA 1 \"\" \"lacripta \(Version.current)\" \"User Commands\"",
            ".SH NAME",
            "lacripta \\- \(escaped(ProgramReference.summary))",
            ".SH SYNOPSIS",
            ".B lacripta",
            ".br",
        ]
        for command in commands {
            lines += [".B lacripta \(command.name)", escaped(command.usage), ".br"]
            for subcommand in command.subcommands {
                lines += [".B lacripta \(command.name) \(subcommand.name)", escaped(subcommand.usage), ".br"]
            }
        }
        lines += [
            ".B lacripta",
            ".RB [ \\-\\-help | \\-\\-version ]",
            ".SH DESCRIPTION",
            "lacripta shows the top coins, news and live prices in a terminal. Run without arguments on a",
            "terminal, it opens a full-screen view of the toplist, news, articles and live prices (press",
            ".B ?",
            "there for the keys). Off a terminal every command prints plain text, or JSON with",
            ".BR \\-\\-json .",
            ".SH COMMANDS",
        ]
        for command in commands {
            lines += section(command)
        }
        lines += [".SH GLOBAL OPTIONS"] + GlobalOptions.specs.flatMap(optionItem)
        lines.append(".SH ENVIRONMENT")
        for variable in ProgramReference.environment {
            lines += [".TP", ".B \(escaped(variable.name))", escaped(variable.meaning)]
        }
        lines.append(".SH FILES")
        for file in ProgramReference.files {
            lines += [".TP", ".I \(escaped(file.path))", escaped(file.meaning)]
        }
        lines.append(".SH EXIT STATUS")
        for exit in ProgramReference.exitCodes {
            lines += [".TP", ".B \(exit.code)", escaped(exit.meaning)]
        }
        lines += [".SH SEE ALSO", "The README and docs/ of the lacripta sources.", ""]
        return lines.joined(separator: "\n")
    }

    /// One command: synopsis, abstract, discussion, options and examples.
    private static func section(_ command: CommandConfiguration) -> [String] {
        var lines = [".SS \"lacripta \(command.name) \(escaped(command.usage))\"", escaped(command.abstract) + "."]
        if !command.discussion.isEmpty {
            lines += [".PP"] + command.discussion.split(separator: "\n").map { escaped(String($0)) }
        }
        lines += command.options.flatMap(optionItem)
        for subcommand in command.subcommands {
            lines += [".PP", "\\fBlacripta \(command.name) \(subcommand.name)\\fR \(escaped(subcommand.usage)): \(escaped(subcommand.abstract))."]
            lines += subcommand.options.flatMap(optionItem)
        }
        if !command.examples.isEmpty {
            lines += [".PP", "Examples:"]
            for example in command.examples {
                lines += [".TP", ".B \(escaped(example.command))", escaped(example.comment)]
            }
        }
        return lines
    }

    /// An option as a tagged paragraph: `\-n, \-\-limit N` then its help.
    private static func optionItem(_ option: OptionSpec) -> [String] {
        var tag = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
        tag += "\\fB\\-\\-\(escaped(option.name))\\fR"
        if let value = option.valueName {
            tag += option.valueIsOptional ? " [\\fI\(escaped(value))\\fR]" : " \\fI\(escaped(value))\\fR"
        }
        return [".TP", tag, escaped(option.help)]
    }

    /// `text` safe as roff body text: backslashes and hyphens escaped, characters beyond ASCII as
    /// `\[uXXXX]` (troff reads bytes, not UTF-8), and a leading `.` or `'` (which would start a
    /// request) guarded.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }
}
