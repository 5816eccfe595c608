import Foundation
import LacriptaCore

/// What a tick did to the alerts, ready to be written to the store: the engine's outcome with the
/// rules it judged, so the write needs no engine (the full-screen view hands it to an effect).
struct AlertRecordRequest: Sendable, Equatable {
    /// The firings and re-arms.
    var outcome: AlertOutcome
    /// The rule of every alert named in `outcome`, as the engine watched it.
    var rules: [Int: AlertRule]
    /// The alerts that stay armed after firing (repeating moves).
    var staysArmed: Set<Int>

    /// The request for `outcome` as `engine` sees it now.
    init(_ outcome: AlertOutcome, engine: AlertEngine) {
        self.outcome = outcome
        let ids = outcome.fired.map(\.id) + outcome.rearmed
        rules = Dictionary(ids.compactMap { id in engine.rule(id).map { (id, $0) } }, uniquingKeysWith: { first, _ in first })
        staysArmed = Set(outcome.fired.map(\.id).filter { engine.isArmed($0) })
    }

    /// Whether there is nothing to write.
    var isEmpty: Bool { outcome.fired.isEmpty && outcome.rearmed.isEmpty }
}

/// The one way a firing reaches the store, shared by `alert watch`, `live` and the full-screen
/// view: under the store's lock, each firing is recorded only if the stored alert may still fire,
/// so two processes on one store tell the user once.
enum AlertRecording {
    /// Writes `request` in one locked change; returns the notices for the firings the store
    /// accepted (the only ones to deliver) and the alerts as now stored.
    static func record(_ request: AlertRecordRequest, in store: UserStore) throws -> (notices: [AlertNotice], alerts: [Alert]) {
        try store.updateAlerts { list -> ([AlertNotice], [Alert]) in
            var notices: [AlertNotice] = []
            for id in request.outcome.rearmed {
                if let rule = request.rules[id] { list.recordRearm(id, of: rule) }
            }
            for firing in request.outcome.fired {
                guard let rule = request.rules[firing.id] else { continue }
                let staysArmed = request.staysArmed.contains(firing.id)
                if let alert = list.recordFiring(firing, of: rule, rearmed: staysArmed) {
                    notices.append(AlertNotice(alert: alert, price: firing.price, at: firing.at, reason: firing.reason))
                }
            }
            return (notices, list.alerts)
        }
    }
}
