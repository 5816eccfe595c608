import Foundation
import LacriptaCore
import LacriptaTerminal

/// The alert effects: each reads or changes the store under its lock (the same file and rules as
/// `lacripta alert`) and answers with the alerts as now stored.
extension InteractiveEffects {
    /// The alerts as stored.
    func loadAlerts() -> InteractiveEvent {
        storeAnswer { _ in nil }
    }

    /// Adds `alert` under the next free id; the answer closes the prompt or shows why not.
    func addAlert(_ alert: Alert) -> InteractiveEvent {
        var event = storeAnswer { store in
            let added = try store.updateAlerts { $0.add(alert) }
            return "alert \(added.id) added: \(added.symbol)/\(added.currency) \(added.conditionText)"
        }
        if case .alertsStored(var answer) = event {
            answer.answersPrompt = true
            event = .alertsStored(answer)
        }
        return event
    }

    /// Removes the alert with `id`.
    func removeAlert(_ id: Int) -> InteractiveEvent {
        storeAnswer { store in
            let removed = try store.updateAlerts { $0.remove(id) }
            return removed ? "alert \(id) removed" : "alert \(id) was already gone"
        }
    }

    /// Records what fired; the firings the store accepted are in the answer's notices, for the
    /// caller to deliver once the view has them.
    func recordAlerts(_ request: AlertRecordRequest) -> InteractiveEvent {
        guard let store = alertStore else { return .alertsStored(AlertStoreAnswer(error: "no store for alerts")) }
        do {
            let (notices, alerts) = try AlertRecording.record(request, in: store)
            return .alertsStored(AlertStoreAnswer(alerts: alerts, notices: notices))
        } catch {
            return .alertsStored(AlertStoreAnswer(error: "cannot record a fired alert: " + Self.lacriptaError(error).userMessage))
        }
    }

    /// Tells the user about `notices` through every channel; problems (a program that failed)
    /// come back as one line for the status row.
    func deliver(_ notices: [AlertNotice]) async -> InteractiveEvent? {
        var problems: [String] = []
        for notice in notices { problems += await alertNotifier.deliver(notice) }
        return problems.last.map { .alertsStored(AlertStoreAnswer(error: $0)) }
    }

    /// Runs `change` on the store and answers with its message and the alerts then stored.
    private func storeAnswer(_ change: (UserStore) throws -> String?) -> InteractiveEvent {
        guard let store = alertStore else { return .alertsStored(AlertStoreAnswer(error: "no store for alerts")) }
        do {
            let message = try change(store)
            return .alertsStored(AlertStoreAnswer(alerts: try store.alerts().alerts, message: message))
        } catch {
            return .alertsStored(AlertStoreAnswer(error: Self.lacriptaError(error).userMessage))
        }
    }
}
