import Foundation
import LacriptaCore
import LacriptaTerminal
import LacriptaWebSocket

/// The loop of `lacripta alert watch`: streams the prices the stored alerts need, feeds them to
/// an `AlertTracker`, records each firing in the store under its lock, and delivers only the
/// firings the store accepted, so two watches on one store tell the user once.
///
/// The store is re-read whenever its file changes (an alert added, removed, or fired elsewhere);
/// when the pairs needed change, the prices follow the new set. Pure of terminal and
/// sockets: the live prices and the notifier are seams, and tests drive both.
struct AlertWatch: Sendable {
    let store: UserStore
    /// The live prices, followed for the pairs the alerts need; stopped when the watch ends.
    let prices: any LivePrices
    let notifier: any AlertNotifier
    /// Exit after the first alert fires.
    let once: Bool
    let hysteresis: Double
    /// How often to look at the file while there is nothing to watch.
    let idlePoll: Duration
    let clock: any Clock<Duration>
    /// The time a price arrived, as alerts record it.
    var now: @Sendable () -> Date = { Date() }
    /// Writes one line on stderr (notices and problems, in our words or sanitised).
    let report: @Sendable (String) -> Void

    /// Runs until stopped; with `once`, until the first alert fires (0) or the prices end (1).
    /// The prices are closed normally on every way out.
    func run() async throws -> ExitCode {
        let outcome: Result<ExitCode, any Error>
        do {
            outcome = .success(try await watch())
        } catch let error as PriceFeedError {
            outcome = .failure(error.lacriptaError)
        } catch {
            outcome = .failure(error)
        }
        await prices.stop()
        return try outcome.get()
    }

    /// The loop: follows the pairs the armed alerts need (again whenever the file changes them),
    /// and feeds each price to the tracker.
    private func watch() async throws -> ExitCode {
        var tracker = AlertTracker(hysteresis: hysteresis)
        var stamp = store.alertsStamp()
        tracker.sync(with: try store.alerts().alerts)
        var batches = prices.eventBatches.makeAsyncIterator()
        var followed: [TickPair] = []
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
            if pairs != followed {
                let count = tracker.engine.ids.count
                report(
                    "watching \(count) alert\(count == 1 ? "" : "s") on \(pairs.map(\.description).joined(separator: ", ")) from \(prices.sourceName)"
                )
                await prices.follow(pairs.compactMap { Subscription.aggregate(from: $0.symbol, to: $0.currency) })
                followed = pairs
            }
            guard let batch = try await batches.next() else {
                if Task.isCancelled { break }
                if once {
                    report("the price stream ended before an alert fired")
                    return .failure
                }
                throw LacriptaError.failed("the price stream from \(prices.sourceName) ended")
            }
            let at = now()
            for event in batch {
                switch PriceTickEvent(event, from: prices.sourceName, at: at) {
                case nil:
                    continue
                case .notice(let text):
                    report(Sanitizer.singleLine(text))
                case .tick(let tick):
                    if let now = store.alertsStamp(), now != stamp {
                        stamp = now
                        tracker.sync(with: try store.alerts().alerts)
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
            }
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
