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
        let colorMode: ColorMode
        do {
            colorMode = try Self.colorMode(in: arguments)
        } catch {
            let errCaps = TerminalCapabilities.detect(fileDescriptor: stderr.fileDescriptor, colorMode: .never, environment: environment)
            try? stderr.write(ErrorReport.usage(error, command: nil).rendered(for: errCaps, redacting: []))
            return .usage
        }
        let outCaps = TerminalCapabilities.detect(fileDescriptor: stdout.fileDescriptor, colorMode: colorMode, environment: environment)
        let errCaps = TerminalCapabilities.detect(fileDescriptor: stderr.fileDescriptor, colorMode: colorMode, environment: environment)
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
        let context = Context(
            environment: environment, stdout: stdout, stderr: stderr, stdoutCapabilities: outCaps, stderrCapabilities: errCaps,
            now: { Date() }, clock: ContinuousClock(),
            transport: HTTPTransports.platformDefault(caFile: configuration.caFile, timeout: configuration.requestTimeout),
            configuration: configuration,
            stdoutSize: {
                TerminalSize.query(fileDescriptor: stdout.fileDescriptor) ?? TerminalSize(columns: outCaps.width, rows: outCaps.height)
            })
        return await run(invocation, context: context)
    }

    /// The `--color` value anywhere on the command line (before `--`), default auto.
    static func colorMode(in arguments: [String]) throws(ParseError) -> ColorMode {
        var mode = ColorMode.auto
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            var value: String?
            if argument == "--color" {
                guard index + 1 < arguments.count else { throw .missingValue(option: "color") }
                value = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix("--color=") {
                value = String(argument.dropFirst("--color=".count))
            }
            if let value {
                guard let parsed = ColorMode(parsing: value) else {
                    throw .invalidValue(option: "color", value: value, expected: "auto, always or never")
                }
                mode = parsed
            }
            index += 1
        }
        return mode
    }
}
