import Foundation
import LacriptaCore
import LacriptaTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the interactive view on the real terminal: the thin driver around `InteractiveModel`.
///
/// It owns the terminal (raw mode, alternate screen, hidden cursor, all restored on every way
/// out), merges keys, signals, timers, REST answers and live events into one stream, feeds each
/// to the model, runs the effects the model asks for, and writes each new frame in one go.
struct InteractiveSession: Sendable {
    /// Outputs, clock, configuration and transport.
    let context: Context
    /// The starting settings.
    let options: InteractiveOptions
    /// The live price source, or `nil` for none ("live: off").
    let liveSource: (any LivePriceSource)?
    /// The terminal's input descriptor.
    var inputDescriptor: Int32 = STDIN_FILENO

    /// How long an Esc waits for the rest of a sequence before it counts as a key of its own.
    static let escapeTimeout: Duration = .milliseconds(50)
    /// How often ages ("20 s ago", last tick) are redrawn.
    static let tickInterval: Duration = .seconds(1)
    /// The shortest time between two frames drawn for network events: a burst of live ticks is
    /// drawn once, not once per tick. Keys are always drawn at once.
    static let frameInterval: Duration = .milliseconds(33)

    /// Everything the loop waits on.
    enum Event: Sendable {
        case input(InputReader.Chunk)
        case escapeTimeout(generation: Int)
        case signal(SignalEvents.Event)
        case resumeCheck
        case drawDue
        case model(InteractiveEvent)
    }

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
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        let signals = SignalEvents { continuation.yield(.signal($0)) }
        let input = InputReader(fileDescriptor: inputDescriptor) { continuation.yield(.input($0)) }
        var loop = InteractiveLoop(session: self, rawMode: rawMode, input: input, continuation: continuation)
        var failure: (any Error)?
        do {
            try context.stdout.write(TerminalModes.enterFullScreen)
            failure = await withTaskGroup(of: Void.self) { group in
                loop.startBackgroundWork(&group)
                let failure = await loop.run(events, group: &group)
                loop.finish()
                group.cancelAll()
                return failure
            }
        } catch {
            failure = error
        }
        input.cancel()
        signals.cancel()
        continuation.finish()
        // Every way out passes here: leave the view even if a write failed half way.
        try? context.stdout.write(TerminalModes.leaveFullScreen)
        rawMode.restore()
        crashGuard?.disarm()
        await liveSource?.stop()
        if let failure, !(failure is TerminalOutputError) { throw failure }
        return .success
    }
}
