import Foundation
import LacriptaCore
import LacriptaTerminal

/// The small prompt `A` opens on the footer to add an alert for the selected coin: `above 70000`,
/// `below 60000`, `move 5 1h`, each optionally followed by `repeat`. What is typed is checked as
/// `lacripta alert add` checks it; a mistake is shown on the prompt, which stays open.
struct AlertPrompt: Sendable, Equatable {
    /// The coin and the currency the alert will watch.
    var symbol: String
    var currency: String
    /// The text typed.
    var editor = LineEditor(maximumLength: 80)
    /// Why the last Enter was refused, shown after the text.
    var error: String?
    /// Set while the alert is being written to the store.
    var saving = false

    /// What the prompt shows before anything is typed.
    static let example = "above 70000 · below 60000 · move 5 1h (add repeat to re-arm)"

    /// The alert `text` asks for on `symbol` in `currency`, or why it cannot be one.
    static func parse(_ text: String, symbol: String, currency: String) -> Result<Alert, AlertPromptError> {
        var words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)[...]
        let shape = "type above PRICE, below PRICE or move PERCENT [1h|24h]"
        guard let kind = words.popFirst() else { return .failure(AlertPromptError(shape)) }
        let repeats = words.last == "repeat"
        if repeats { words.removeLast() }
        guard ["above", "below", "move"].contains(kind) else { return .failure(AlertPromptError("\(kind)? \(shape)")) }
        guard let numberText = words.popFirst() else {
            return .failure(
                AlertPromptError(kind == "move" ? "move needs a percentage, e.g. move 5 1h" : "\(kind) needs a price, e.g. \(kind) 70000"))
        }
        guard let number = DecimalText(numberText), number.value > 0 else {
            return .failure(AlertPromptError("\(numberText) is not a number above zero: plain digits such as 70000 or 2.5"))
        }
        let condition: AlertCondition
        switch kind {
        case "above": condition = .above(number)
        case "below": condition = .below(number)
        default:
            let windowText = words.popFirst() ?? "1h"
            guard let window = AlertWindow.duration(windowText) else {
                return .failure(AlertPromptError("\(windowText) is not a window: 1h or 24h"))
            }
            condition = .move(percent: number, window: window)
        }
        guard words.isEmpty else { return .failure(AlertPromptError("unexpected \(words.joined(separator: " ")); \(shape)")) }
        return .success(Alert(id: 0, symbol: symbol, currency: currency, condition: condition, repeats: repeats))
    }
}

/// Why the prompt's text is not an alert, in words for the prompt line.
struct AlertPromptError: Error, Sendable, Equatable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}

extension AlertPrompt {
    /// A key for the prompt, which has the keyboard while it is open (nothing while the alert is
    /// being stored): typing edits the rule and clears an error, Enter asks for a valid alert to
    /// be stored or says what is wrong with it, Esc closes the prompt (false).
    mutating func edit(_ key: Key) -> (isOpen: Bool, commands: [ScreenCommand]) {
        guard !saving else { return (true, []) }
        switch editor.handle(key) {
        case .edited, .unchanged:
            error = nil
        case .submit:
            switch Self.parse(editor.text, symbol: symbol, currency: currency) {
            case .success(let alert):
                saving = true
                return (true, [.effect(.addAlert(alert))])
            case .failure(let failure):
                error = failure.message
            }
        case .cancel:
            return (false, [])
        case .ignored:
            break
        }
        return (true, [])
    }
}
