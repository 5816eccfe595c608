import Foundation
import LacriptaCore
import LacriptaNet
import LacriptaTerminal

/// `lacripta live` fires the user's alerts while it runs, from its own prices: the same store,
/// rules and delivery as `alert watch`, with the table marking the symbols that have armed alerts.
extension LiveRun {
    /// Reads the alerts and, off a terminal, starts reading the tap's prices.
    mutating func startAlerts(into reaction: inout ViewReaction<Event>) {
        guard alertStore != nil else { return }
        reloadAlerts()
        if let tap = alertTap {
            reaction.work.append(
                .task { inbox in
                    for await ticks in tap.ticks { inbox.send(.alertTicks(ticks)) }
                })
        }
    }

    /// Re-reads the alerts when the file changed since the last read (an alert added in another
    /// window, one fired by a running `alert watch`).
    mutating func reloadAlertsIfChanged() {
        guard let store = alertStore, store.alertsStamp() != alertStamp else { return }
        reloadAlerts()
    }

    /// Reads the alerts; a store that cannot be read is said once on stderr and leaves the last
    /// good list in place.
    private mutating func reloadAlerts() {
        guard let store = alertStore else { return }
        alertStamp = store.alertsStamp()
        do {
            alerts.sync(try store.alerts().alerts)
        } catch {
            if alerts.problem == nil { context.report(.notice("alerts are off: \(Sanitizer.singleLine(error.userMessage))")) }
            alerts.problem = error.userMessage
        }
        let pairs = Set(alerts.pairs)
        alertTap?.watched.withLock { $0 = pairs }
    }

    /// Feeds one price to the alerts; what fires is recorded in the store (so a watch running
    /// at the same time does not tell the user again) and delivered in the background.
    mutating func observe(_ tick: PriceTick, into reaction: inout ViewReaction<Event>) {
        guard let store = alertStore, let request = alerts.observe(symbol: tick.symbol, currency: tick.currency, price: tick.price, at: tick.at)
        else { return }
        do {
            let (notices, stored) = try AlertRecording.record(request, in: store)
            alerts.recorded(notices, alerts: stored, at: tick.at)
            alertStamp = store.alertsStamp()
            guard !notices.isEmpty else { return }
            let notifier = alertNotifier
            let context = context
            reaction.work.append(
                .task { _ in
                    for notice in notices {
                        for problem in await notifier.deliver(notice) { context.report(.notice(problem)) }
                    }
                })
            if drawsTable {
                reaction.redraw = .now
                reaction.wake = [reaction.wake, alerts.flash?.until].compactMap { $0 }.min()
            }
        } catch {
            context.report(
                .notice(
                    "cannot record a fired alert: \(Sanitizer.singleLine((error as? LacriptaError)?.userMessage ?? "the store could not be written"))"
                ))
        }
    }

    /// The symbols in the shown currency with an alert that may still fire, marked in the table.
    var alertedSymbols: Set<String> {
        Set(command.subscriptions.map(\.from).filter { alerts.isArmed(symbol: $0, currency: command.currency) })
    }
}
