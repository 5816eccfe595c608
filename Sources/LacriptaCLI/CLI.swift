import Foundation
import LacriptaCore
import LacriptaTerminal

/// The entry point: parses the command line, runs one command, renders any failure once, and
/// returns the exit code. Callable in-process so tests drive it like the real binary.
public enum CLI {
    /// The subcommands, in help order.
    static let commands: [any Command.Type] = [TopCommand.self, NewsCommand.self, LiveCommand.self]

    /// Runs `arguments` (without the program name) in `context`.
    public static func run(arguments: [String], context: Context) async -> ExitCode {
        do {
            return try await dispatch(arguments, context: context)
        } catch TerminalOutputError.closed {
            // The reader went away (`lacripta top | head`): stop quietly, nothing is wrong.
            return .success
        } catch {
            context.printError(StyledText("lacripta: cannot write output: \(error)"))
            return .failure
        }
    }

    /// Finds the command and runs it; only output failures escape.
    private static func dispatch(_ arguments: [String], context: Context) async throws(TerminalOutputError) -> ExitCode {
        var arguments = arguments
        let configurations = commands.map { $0.configuration }
        if arguments.isEmpty, InteractiveView.isAvailable(in: context) {
            return await InteractiveView.run(InteractiveView.defaultOptions(context.configuration), context: context)
        }
        if arguments.isEmpty || arguments == ["help"] || arguments.first == "--help" || arguments.first == "-h" {
            try context.printRaw(HelpRenderer.programHelp(commands: configurations))
            return .success
        }
        if arguments.first == "--version" {
            try context.printRaw("lacripta \(Version.current)\n")
            return .success
        }
        if arguments.first == "help", arguments.count == 2 {
            arguments = [arguments[1], "--help"]
        }
        let name = arguments.removeFirst()
        guard let command = commands.first(where: { $0.configuration.name == name }) else {
            let suggestion = EditDistance.suggestion(for: name, among: configurations.map(\.name))
            return usageFailure(.unknownCommand(name, suggestion: suggestion), command: nil, context: context)
        }
        let configuration = command.configuration
        do {
            let parsed = try ArgumentScanner(specs: configuration.options + GlobalOptions.specs).scan(arguments)
            if parsed.has("help") {
                try context.printRaw(HelpRenderer.commandHelp(configuration))
                return .success
            }
            if parsed.has("version") {
                try context.printRaw("lacripta \(Version.current)\n")
                return .success
            }
            let instance = try command.init(arguments: parsed, context: context)
            return try await instance.run(in: context)
        } catch let error as ParseError {
            return usageFailure(error, command: configuration, context: context)
        } catch let error as LacriptaError {
            return failure(error, command: error.isUsage ? configuration : nil, context: context)
        } catch is CancellationError {
            return .success
        } catch let error as TerminalOutputError {
            throw error
        } catch {
            context.printError(StyledText("lacripta: \(Sanitizer.singleLine(String(describing: error)))"))
            return .failure
        }
    }

    /// Prints a runtime failure as one line and returns its exit code.
    static func failure(_ error: LacriptaError, command: CommandConfiguration?, context: Context) -> ExitCode {
        context.printError(StyledText("lacripta: ", style: .red) + StyledText(Sanitizer.singleLine(error.userMessage)))
        if error.isUsage { context.printError(StyledText(HelpRenderer.usageHint(for: command))) }
        return error.exitCode
    }

    private static func usageFailure(_ error: ParseError, command: CommandConfiguration?, context: Context) -> ExitCode {
        let prefix = command.map { "lacripta \($0.name): " } ?? "lacripta: "
        context.printError(StyledText(prefix, style: .red) + StyledText(Sanitizer.singleLine(error.message)))
        context.printError(StyledText(HelpRenderer.usageHint(for: command)))
        return .usage
    }
}
