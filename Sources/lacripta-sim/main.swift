import Foundation
import LacriptaSimulator

// Before anything can start a thread: threads inherit this mask, so SIGINT/SIGTERM are only
// ever collected by the launcher's sigwait and the process exits 0 after a clean stop.
TerminationSignals.block()

// Stream hook: when the WebSocket streamer lands, pass its factory here, e.g.
// `stream: { context in try StreamerServer.start(context) }`.
let status = SimulatorLauncher.run(arguments: Array(CommandLine.arguments.dropFirst()), stream: nil)
exit(status.rawValue)
