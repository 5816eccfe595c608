import Foundation
import LacriptaNet

/// What `lacripta-sim` does, callable in-process: parse, locate data, start, announce, serve
/// until SIGINT/SIGTERM, stop.
public enum SimulatorLauncher {
    /// Exit statuses (sysexits-style, like the main tool).
    public enum ExitStatus: Int32, Sendable {
        /// Stopped by a signal, or `--help`.
        case success = 0
        /// Start-up failed for another reason (e.g. broken recorded data).
        case failure = 1
        /// Bad arguments.
        case usage = 64
        /// The port could not be bound or the data directory was not found.
        case unavailable = 69
    }

    /// Runs the simulator.
    ///
    /// - Parameters:
    ///   - arguments: the arguments without the program name.
    ///   - stream: a streamer to start next to REST instead of the built-in `CryptoCompareStreamer`
    ///     (which is configured by the `--stream-*` flags and left out with `--no-stream`).
    ///   - waitForTermination: blocks until the simulator should stop; defaults to `sigwait` on
    ///     SIGINT/SIGTERM (call `TerminationSignals.block()` first thing in `main`).
    public static func run(
        arguments: [String], stream: SimulatorStreamFactory? = nil,
        waitForTermination: () -> Void = { _ = TerminationSignals.wait() }
    ) -> ExitStatus {
        let commandLine: SimulatorCommandLine
        do {
            commandLine = try SimulatorCommandLine.parse(arguments)
        } catch {
            writeError("\(error.message)\nSee 'lacripta-sim --help'.")
            return .usage
        }
        if commandLine.showHelp {
            write(SimulatorCommandLine.usage, to: .standardOutput)
            return .success
        }
        let directory = commandLine.dataDirectory.map { URL(fileURLWithPath: $0) } ?? RecordedDataLocator.directory()
        guard let directory, RecordedDataLocator.isDataDirectory(directory) else {
            writeError("cannot find the recorded responses (\(RecordedDataLocator.relativePath)); run from the repository or pass --data DIR")
            return .unavailable
        }
        var configuration = SimulatorConfiguration(
            dataDirectory: directory, restPort: commandLine.port, streamPort: commandLine.streamPort,
            fault: commandLine.fault)
        configuration.requiredKey = commandLine.requiredKey
        configuration.freshNews = !commandLine.recordedTimes
        configuration.coinGeckoFault = commandLine.coinGeckoFault
        configuration.feedFaults = commandLine.feedFaults
        configuration.feedDelays = commandLine.feedDelays
        configuration.exchanges = commandLine.exchangesDisabled ? nil : commandLine.exchangeOptions
        let streamer = commandLine.streamDisabled ? nil : stream ?? CryptoCompareStreamer.factory(options: commandLine.streamOptions)
        let simulator: Simulator
        do {
            simulator = try Simulator.start(configuration, stream: streamer)
        } catch let error as NetError {
            // The REST server and the streamer bind alike; the error names the address that failed.
            writeError("cannot listen on \(error.endpoint ?? "127.0.0.1"): \(error.reason)\(error.detail.map { " (\($0))" } ?? "")")
            return .unavailable
        } catch {
            writeError("\(error)")
            return .failure
        }
        defer { simulator.stop() }
        var control: HTTPServer?
        if commandLine.controlPortFile != nil {
            do {
                control = try HTTPServer(handler: SimulatorControl(simulator: simulator).handle)
            } catch {
                writeError("cannot listen on 127.0.0.1 for the control port: \(error.reason)")
                return .unavailable
            }
        }
        defer { control?.stop() }
        let portFiles = [
            ("--port-file", commandLine.portFile, Int(simulator.restPort)),
            ("--stream-port-file", commandLine.streamPortFile, simulator.stream?.url.port),
            ("--control-port-file", commandLine.controlPortFile, control.map { Int($0.port) }),
        ]
        for case let (option, path?, port?) in portFiles {
            do {
                // Atomic (temp file + rename) so a script polling the file never reads half a number.
                try Data("\(port)\n".utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                writeError("cannot write \(option) \(path)")
                return .failure
            }
        }
        if let path = commandLine.exchangeURLFile, let exchanges = simulator.exchanges {
            let lines = SimulatedExchange.allCases.map { "\($0.rawValue) \(exchanges.url(for: $0).absoluteString)\n" }.joined()
            do {
                try Data(lines.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                writeError("cannot write --exchange-url-file \(path)")
                return .failure
            }
        }
        write(simulator.announcement.joined(separator: "\n") + "\n", to: .standardOutput)
        waitForTermination()
        return .success
    }

    private static func writeError(_ message: String) {
        write("lacripta-sim: error: \(message)\n", to: .standardError)
    }

    /// Writes unbuffered, so the announcement reaches a pipe before the process blocks.
    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
