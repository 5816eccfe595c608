import Testing

@testable import LacriptaCLI

/// Subcommands (`fav add`, `holdings set`): read before any configuration, each with its options.
@Suite("Subcommand parsing")
struct SubcommandParsingTests {
    private func parse(_ arguments: String...) -> Invocation { Invocation.parse(arguments, commands: CLI.commands) }

    @Test("the word after the command names the subcommand; the rest are its arguments")
    func subcommand() throws {
        guard case .command(let command, let parsed) = parse("fav", "add", "BTC", "eth") else {
            Issue.record("fav add was not a command")
            return
        }
        #expect(command.configuration.name == "fav")
        #expect(parsed.subcommand == "add" && parsed.positionals == ["BTC", "eth"])
        guard case .command(_, let bare) = parse("fav", "--json") else {
            Issue.record("fav alone was not a command")
            return
        }
        #expect(bare.subcommand == nil && bare.has("json"))
    }

    @Test("a subcommand's own option is taken after it and refused without it")
    func ownOptions() {
        guard case .command(_, let parsed) = parse("holdings", "set", "BTC", "0.5", "--cost", "30000") else {
            Issue.record("holdings set was not a command")
            return
        }
        #expect(parsed.string("cost") == "30000" && parsed.positionals == ["BTC", "0.5"])
        guard case .usageError(let error, let configuration) = parse("holdings", "--cost", "3") else {
            Issue.record("--cost without set was accepted")
            return
        }
        #expect(error == .unknownOption("--cost", suggestion: nil))
        #expect(configuration?.name == "holdings")
    }

    @Test("help of a command with subcommands lists them with their usage and options")
    func help() {
        let help = HelpRenderer.commandHelp(HoldingsCommand.configuration)
        #expect(help.contains("       lacripta holdings set SYMBOL AMOUNT [--cost PRICE]\n"))
        #expect(help.contains("SUBCOMMANDS:\n  buy     record a purchase\n"))
        #expect(help.contains("\n  set     record how much of a coin you hold"))
        #expect(help.contains("OPTIONS OF 'holdings set':\n      --cost PRICE"))
        #expect(HoldingsCommand.configuration.allOptions.map(\.name).contains("cost"))
    }
}
