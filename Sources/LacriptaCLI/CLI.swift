import Foundation
import LacriptaCore
import LacriptaTerminal

/// The entry point: parses the command line, runs one command, renders any failure once, and
/// returns the exit code. Callable in-process so tests drive it like the real binary.
public enum CLI {
    /// The subcommands, in help order.
    static let commands: [any Command.Type] = [
        TopCommand.self, CoinCommand.self, NewsCommand.self, LiveCommand.self, CompareCommand.self, AlertCommand.self, SearchCommand.self,
        ConvertCommand.self,
        FavCommand.self, HoldingsCommand.self, ArticleCommand.self, FeedsCommand.self, ConfigCommand.self, CompletionsCommand.self,
    ]

    /// Runs `arguments` (without the program name) in `context`.
    public static func run(arguments: [String], context: Context) async -> ExitCode {
        await run(Invocation.parse(arguments, commands: commands), context: context)
    }

    /// Answers `invocation` in `context`, rendering any failure once.
    static func run(_ invocation: Invocation, context: Context) async -> ExitCode {
        do {
            return try await dispatch(invocation, context: context)
        } catch TerminalOutputError.closed {
            // The reader went away (`lacripta top | head`): stop quietly, nothing is wrong.
            return .success
        } catch {
            return context.report(.output(error))
        }
    }

    /// Runs the command, or prints help, the version or a usage error; only output failures escape.
    private static func dispatch(_ invocation: Invocation, context: Context) async throws(TerminalOutputError) -> ExitCode {
        switch invocation {
        case .bare:
            if InteractiveView.isAvailable(in: context) {
                return await InteractiveView.run(InteractiveView.defaultOptions(context), context: context)
            }
            try context.printRaw(HelpRenderer.programHelp(commands: commands.map { $0.configuration }, columns: context.stdoutCapabilities.width))
            return .success
        case .programHelp:
            try context.printRaw(HelpRenderer.programHelp(commands: commands.map { $0.configuration }, columns: context.stdoutCapabilities.width))
            return .success
        case .version:
            try context.printRaw("lacripta \(Version.current)\n")
            return .success
        case .commandHelp(let configuration):
            try context.printRaw(HelpRenderer.commandHelp(configuration, columns: context.stdoutCapabilities.width))
            return .success
        case .usageError(let error, let configuration):
            return context.report(.usage(error, command: configuration))
        case .command(let command, let parsed):
            return try await execute(command, parsed, context: context)
        }
    }

    /// Builds and runs one command, mapping its failures to messages and exit codes.
    private static func execute(
        _ command: any Command.Type, _ parsed: ParsedArguments, context: Context
    )
        async throws(TerminalOutputError) -> ExitCode
    {
        let configuration = command.configuration
        do {
            let instance = try command.init(arguments: parsed, context: context)
            return try await instance.run(in: context)
        } catch is CancellationError {
            return .success
        } catch let error as TerminalOutputError {
            throw error
        } catch {
            return context.report(.from(error, command: configuration))
        }
    }
}
