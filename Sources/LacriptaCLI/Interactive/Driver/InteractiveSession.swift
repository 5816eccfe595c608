import Foundation
import LacriptaCore
import LacriptaTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the interactive view on the real terminal: raw mode and the crash guard around a
/// `ViewDriver` on the alternate screen, which runs `InteractiveLoop` (keys, signals, timers,
/// REST answers and live events into `InteractiveModel`, its effects out as work, each new frame
/// written in one go). Everything set up here is restored on every way out.
struct InteractiveSession: Sendable {
    /// Outputs, clock, configuration and transport.
    let context: Context
    /// The starting settings.
    let options: InteractiveOptions
    /// The live prices, or `nil` for none ("live: off").
    let livePrices: (any LivePrices)?
    /// The store whose alerts the view marks, fires and edits; nil for none.
    var alertStore: UserStore?
    /// The terminal's input descriptor.
    var inputDescriptor: Int32 = STDIN_FILENO

    /// How long an Esc waits for the rest of a sequence before it counts as a key of its own.
    static let escapeTimeout: Duration = .milliseconds(50)
    /// How often ages ("20 s ago", last tick) are redrawn.
    static let tickInterval: Duration = .seconds(1)
    /// How often the alerts file is looked at for changes made elsewhere.
    static let alertPoll: Duration = .seconds(2)

    /// Runs until the user quits (q, Ctrl-C), a stop signal arrives, or the terminal goes away.
    func run() async throws -> ExitCode {
        let rawMode: RawMode
        do {
            rawMode = try RawMode.enable(fileDescriptor: inputDescriptor)
        } catch {
            throw LacriptaError.usage("the interactive view needs a terminal on standard input")
        }
        // A crash from here on must not leave the shell on the alternate screen in raw mode. Only
        // for a real terminal descriptor: an in-process test's recording output has none.
        let crashGuard = (context.stdout as? FileDescriptorOutput).map {
            FatalSignalGuard.arm(rawMode: rawMode, outputDescriptor: $0.fileDescriptor, restoreBytes: TerminalModes.leaveFullScreen)
        }
        let driver = ViewDriver<InteractiveLoop.Event>(
            screen: .fullScreen(context.stdout, renderer: context.stdoutCapabilities.screenRenderer), context: context,
            tickInterval: Self.tickInterval)
        let inbox = driver.inbox
        let input = InputReader(fileDescriptor: inputDescriptor) { inbox.send(.input($0)) }
        var loop = InteractiveLoop(session: self, rawMode: rawMode, input: input)
        var failure: (any Error)?
        do {
            // Leaves the alternate screen on every way out, even if a write failed half way.
            try await driver.run(&loop)
        } catch {
            failure = error
        }
        input.cancel()
        rawMode.restore()
        crashGuard?.disarm()
        // Stopped by the loop's finish already; again for a run that never got that far.
        await livePrices?.stop()
        if let failure, !(failure is TerminalOutputError) { throw failure }
        return .success
    }
}
