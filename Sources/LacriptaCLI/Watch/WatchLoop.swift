import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta top --watch`: refreshes the toplist every interval.
///
/// On a terminal it redraws in place with a status line and keeps the last good table when a
/// refresh fails; elsewhere it prints each table after a timestamp line. Ctrl-C leaves the
/// terminal clean and exits 0.
struct WatchLoop: Sendable {
    /// The top command whose options (limit, currency, sort, …) apply to every refresh.
    let command: TopCommand
    /// Seconds between refreshes.
    let interval: Int

    /// Runs until stopped by a signal or cancellation.
    func run(in context: Context) async throws -> ExitCode {
        var view = WatchView(command: command, interval: interval, context: context)
        let capabilities = context.stdoutCapabilities
        let screen: ViewScreen = capabilities.isTerminal ? .inline(context.stdout, renderer: capabilities.renderer) : .none
        try await ViewDriver<WatchView.Event>(screen: screen, context: context).run(&view)
        return .success
    }
}
