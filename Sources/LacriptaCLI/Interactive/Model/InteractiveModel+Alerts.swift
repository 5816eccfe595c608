import Foundation
import LacriptaCore
import LacriptaTerminal

/// What the store answered to an alert effect (a read, an add, a removal, firings recorded).
struct AlertStoreAnswer: Sendable {
    /// The alerts as now stored; nil when the store could not be read.
    var alerts: [Alert]?
    /// A line for the status bar ("alert 3 added: BTC/USD above 70000").
    var message: String?
    /// Why the store failed, in one line.
    var error: String?
    /// The firings the store accepted (being delivered through the channels meanwhile).
    var notices: [AlertNotice] = []
    /// Whether this answers the prompt's Enter (the prompt closes, or shows `error`).
    var answersPrompt = false
}

/// Alerts in the full-screen view: marks on the coins with armed alerts, firing from the view's
/// live prices (the same rules and store as `alert watch`; the status line flashes, the channels
/// tell the terminal and the desktop), `A` to add one for the selected coin through a prompt, and
/// `!` for the alerts screen (id, condition, price now, armed or fired; `d` deletes).
extension InteractiveModel {
    /// Opens the prompt for `symbol` in the shown currency.
    mutating func openAlertPrompt(for symbol: String?) {
        guard let symbol, let normalized = Alert.normalizedSymbol(symbol) else { return }
        alertPrompt = AlertPrompt(symbol: normalized, currency: currency)
    }

    /// Typing in the prompt: Enter checks the text and asks for the alert to be stored; a mistake
    /// stays on the prompt; Esc closes it.
    mutating func editAlertPrompt(_ key: Key) -> [InteractiveEffect] {
        guard var prompt = alertPrompt else { return [] }
        let (isOpen, commands) = prompt.edit(key)
        alertPrompt = isOpen ? prompt : nil
        return apply(commands)
    }

    /// Feeds a live price of `pair` to the alerts; what fires is to be recorded and delivered.
    mutating func observeAlerts(_ pair: PairKey, price: Double) -> [InteractiveEffect] {
        guard let request = alerts.observe(symbol: pair.from, currency: pair.to, price: price, at: now) else { return [] }
        return [.recordAlerts(request)]
    }

    /// Takes the store's answer: the list (marks, screen, engine), the flash of what fired, a
    /// confirmation or the failure.
    mutating func alertsStored(_ answer: AlertStoreAnswer) -> [InteractiveEffect] {
        if let stored = answer.alerts {
            alerts.recorded(answer.notices, alerts: stored, at: now)
        }
        if let error = answer.error { alerts.problem = Sanitizer.singleLine(error) }
        if answer.answersPrompt, var prompt = alertPrompt {
            if let error = answer.error {
                prompt.saving = false
                prompt.error = Sanitizer.singleLine(error)
                alertPrompt = prompt
            } else {
                alertPrompt = nil
            }
        }
        if let message = answer.message { notice = Sanitizer.singleLine(message) }
        for index in pages.indices {
            guard case .alerts(var list) = pages[index] else { continue }
            list.removing = nil
            list.cursor.clamp(count: alerts.list.count, page: layout.toplistRows)
            pages[index] = .alerts(list)
        }
        return []
    }

    /// The symbols in the shown currency whose alerts may still fire, which the view keeps live
    /// even when their rows are scrolled away.
    var alertSymbols: [String] {
        alerts.pairs.filter { $0.currency == currency && alerts.isArmed(symbol: $0.symbol, currency: $0.currency) }.map(\.symbol)
    }

    /// Whether `symbol` has an alert in the shown currency that may still fire (its row is marked).
    func hasArmedAlert(_ symbol: String) -> Bool {
        alerts.isArmed(symbol: symbol.uppercased(), currency: currency)
    }
}
