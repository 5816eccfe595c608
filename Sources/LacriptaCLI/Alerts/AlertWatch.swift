import Foundation
import LacriptaCore
import LacriptaTerminal

/// The loop of `lacripta alert watch`: streams the prices the stored alerts need, feeds them to
/// an `AlertTracker`, records each firing in the store under its lock, and delivers only the
/// firings the store accepted, so two watches on one store tell the user once.
///
/// The store is re-read whenever its file changes (an alert added, removed, or fired elsewhere);
/// when the pairs needed change, the stream is opened again for the new set. Pure of terminal and
/// sockets: the tick source and the notifier are seams, and tests drive both.
struct AlertWatch: Sendable {
    let store: UserStore
    let source: any PriceTickSource
    let notifier: any AlertNotifier
    /// Exit after the first alert fires.
    let once: Bool
    let hysteresis: Double
    /// How often to look at the file while there is nothing to watch.
    let idlePoll: Duration
    let clock: any Clock<Duration>
    /// Writes one line on stderr (notices and problems, in our words or sanitised).
    let report: @Sendable (String) -> Void

    /// Runs until stopped; with `once`, until the first alert fires (0) or the stream ends (1).
    func run() async throws -> ExitCode {
        var tracker = AlertTracker(hysteresis: hysteresis)
        var stamp = store.alertsStamp()
        tracker.sync(with: try store.alerts().alerts)
        while !Task.isCancelled {
            if once, !tracker.hasArmedAlerts { return nothingLeft() }
            let pairs = tracker.pairs
            if pairs.isEmpty {
                report("no alerts to watch; waiting for `lacripta alert add`")
                while store.alertsStamp() == stamp { try await clock.sleep(for: idlePoll) }
                stamp = store.alertsStamp()
                tracker.sync(with: try store.alerts().alerts)
                continue
            }
            let count = tracker.engine.ids.count
            report("watching \(count) alert\(count == 1 ? "" : "s") on \(pairs.map(\.description).joined(separator: ", ")) from \(source.name)")
            var pairsChanged = false
            for try await event in source.ticks(for: pairs) {
                switch event {
                case .notice(let text):
                    report(Sanitizer.singleLine(text))
                case .tick(let tick):
                    if let now = store.alertsStamp(), now != stamp {
                        stamp = now
                        tracker.sync(with: try store.alerts().alerts)
                        if tracker.pairs != pairs {
                            pairsChanged = true
                            break
                        }
                    }
                    if once, !tracker.hasArmedAlerts { return nothingLeft() }
                    let outcome = tracker.observe(tick)
                    guard !outcome.fired.isEmpty || !outcome.rearmed.isEmpty else { continue }
                    let notices = try record(outcome, tracker: &tracker, stamp: &stamp)
                    for notice in notices {
                        for problem in await notifier.deliver(notice) { report(problem) }
                    }
                    if once, !notices.isEmpty { return .success }
                }
                if pairsChanged { break }
            }
            if pairsChanged { continue }
            if Task.isCancelled { break }
            if once {
                report("the price stream ended before an alert fired")
                return .failure
            }
            throw LacriptaError.failed("the price stream from \(source.name) ended")
        }
        return .success
    }

    /// With `--once` and no alert left that could fire (another watch fired the last one, or none
    /// is armed), waiting would be for ever: say so and exit 1, as when the stream ends.
    private func nothingLeft() -> ExitCode {
        report("no armed alert left to wait for (`lacripta alert add` adds one)")
        return .failure
    }

    /// Writes the firings and re-arms to the store in one locked change; returns the notices for
    /// the firings the store accepted, and brings the tracker in step with the file.
    private func record(_ outcome: AlertOutcome, tracker: inout AlertTracker, stamp: inout FileStamp?) throws -> [AlertNotice] {
        let (notices, alerts) = try AlertRecording.record(AlertRecordRequest(outcome, engine: tracker.engine), in: store)
        tracker.sync(with: alerts)
        stamp = store.alertsStamp()
        return notices
    }
}
