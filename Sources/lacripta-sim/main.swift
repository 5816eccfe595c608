import Foundation
import LacriptaSimulator

// Before anything can start a thread: threads inherit this mask, so SIGINT/SIGTERM are only
// ever collected by the launcher's sigwait and the process exits 0 after a clean stop.
TerminationSignals.block()

// The launcher starts the built-in streamer (CryptoCompareStreamer) from the --stream-* flags;
// pass `stream:` only to substitute another one.
let status = SimulatorLauncher.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
