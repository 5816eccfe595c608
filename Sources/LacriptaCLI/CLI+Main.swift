import Foundation
import LacriptaCore
import LacriptaNet
import LacriptaTerminal

extension CLI {
    /// Runs lacripta as a process: real stdout/stderr, the process environment, the system clock
    /// and network. The executable calls this and exits with the result.
    public static func main(
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> ExitCode {
        // A closed pipe must surface as a write error we handle, not a signal that kills us.
        FileDescriptorOutput.ignoreBrokenPipeSignal()
        let stdout = FileDescriptorOutput.standardOutput
        let stderr = FileDescriptorOutput.standardError
        let global: GlobalChoices
        do {
            global = try Self.globalChoices(in: arguments)
        } catch {
            let errCaps = TerminalCapabilities.detect(fileDescriptor: stderr.fileDescriptor, colorMode: .never, environment: environment)
            try? stderr.write(ErrorReport.usage(error, command: nil).rendered(for: errCaps, redacting: []))
            return .usage
        }
        var outCaps = TerminalCapabilities.detect(fileDescriptor: stdout.fileDescriptor, colorMode: global.colorMode, environment: environment)
        var errCaps = TerminalCapabilities.detect(fileDescriptor: stderr.fileDescriptor, colorMode: global.colorMode, environment: environment)
        var invocation = Invocation.parse(arguments, commands: commands)
        if case .bare = invocation, !InteractiveView.isAvailable(capabilities: outCaps, environment: environment) {
            invocation = .programHelp
        }
        // Help, the version and usage errors never read the config: a broken one must not stop them.
        let configuration: Configuration
        do {
            configuration =
                invocation.needsConfiguration ? try Configuration.load(environment: environment) : Configuration.unread(environment: environment)
        } catch {
            let report = ErrorReport.from(error)
            try? stderr.write(report.rendered(for: errCaps, redacting: []))
            return report.exitCode
        }
        let theme = ThemeResolution.theme(flag: global.theme, settings: configuration.theme)
        outCaps.theme = theme
        errCaps.theme = theme
        let fallbackSize = TerminalSize(columns: outCaps.width, rows: outCaps.height)
        var context = Context(
            environment: environment, stdout: stdout, stderr: stderr, stdoutCapabilities: outCaps, stderrCapabilities: errCaps,
            now: { Date() }, clock: ContinuousClock(),
            transport: HTTPTransports.platformDefault(caFile: configuration.caFile, timeout: configuration.requestTimeout),
            configuration: configuration,
            stdoutSize: {
                TerminalSize.query(fileDescriptor: stdout.fileDescriptor) ?? fallbackSize
            })
        context.themeOption = global.theme
        return await run(invocation, context: context)
    }

    /// The global options that shape every output, read before the command line is parsed (an
    /// error in it is rendered with them).
    struct GlobalChoices: Sendable, Equatable {
        /// `--color`, default auto.
        var colorMode = ColorMode.auto
        /// `--theme`; nil when not given.
        var theme: ThemeName?
    }

    /// The `--color` and `--theme` values anywhere on the command line (before `--`); the last
    /// of each wins.
    static func globalChoices(in arguments: [String]) throws(ParseError) -> GlobalChoices {
        var choices = GlobalChoices()
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            for option in ["color", "theme"] {
                var value: String?
                if argument == "--\(option)" {
                    guard index + 1 < arguments.count else { throw .missingValue(option: option) }
                    value = arguments[index + 1]
                    index += 1
                } else if argument.hasPrefix("--\(option)=") {
                    value = String(argument.dropFirst("--\(option)=".count))
                }
                guard let value else { continue }
                if option == "color" {
                    guard let parsed = ColorMode(parsing: value) else {
                        throw .invalidValue(option: option, value: value, expected: "auto, always or never")
                    }
                    choices.colorMode = parsed
                } else {
                    guard let parsed = ThemeName(parsing: value) else {
                        throw .invalidValue(option: option, value: value, expected: ThemeName.choices)
                    }
                    choices.theme = parsed
                }
            }
            index += 1
        }
        return choices
    }
}
