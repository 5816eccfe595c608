import Foundation
import LacriptaCore
import LacriptaTerminal

/// The environment variables a program run for an alert receives, named in one place.
enum AlertVariable: String, CaseIterable {
    /// The alert's id in the store.
    case id = "LACRIPTA_ALERT_ID"
    /// The coin, e.g. `BTC`.
    case symbol = "LACRIPTA_ALERT_SYMBOL"
    /// The quote currency, e.g. `USD`.
    case currency = "LACRIPTA_ALERT_CURRENCY"
    /// The price that fired it, plain digits (`100012.34`).
    case price = "LACRIPTA_ALERT_PRICE"
    /// The condition as stored (`above 100000`, `move 5 % within 1h`).
    case condition = "LACRIPTA_ALERT_CONDITION"
    /// Why it fired (`crossed above 100000`).
    case reason = "LACRIPTA_ALERT_REASON"
    /// The user's note, empty when none.
    case note = "LACRIPTA_ALERT_NOTE"
    /// When it fired, ISO 8601 in UTC.
    case time = "LACRIPTA_ALERT_TIME"
    /// The whole message, as the desktop notification shows it.
    case message = "LACRIPTA_ALERT_MESSAGE"

    /// The variables for `notice`, every value one sanitised line.
    static func values(for notice: AlertNotice) -> [String: String] {
        let values: [AlertVariable: String] = [
            .id: "\(notice.alert.id)", .symbol: notice.alert.symbol, .currency: notice.alert.currency,
            .price: PriceFormatter(currency: notice.alert.currency).number(notice.price).replacingOccurrences(of: ",", with: ""),
            .condition: notice.alert.conditionText, .reason: notice.reason, .note: notice.alert.note ?? "",
            .time: notice.at.formatted(.iso8601), .message: "\(notice.title): \(notice.body)",
        ]
        return Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, Sanitizer.singleLine($0.value)) })
    }
}

/// Runs the user's program (`--exec` / `alert_exec`) with the alert in its environment, directly,
/// never through a shell; a failure or a hang (killed after `timeout`) is reported, never fatal.
struct ProgramAlertNotifier: AlertNotifier {
    /// The program as the user named it, for messages.
    let program: String
    /// The file to run.
    let executable: String
    /// Our own environment, which the program inherits (PATH, HOME, DISPLAY…).
    let environment: [String: String]
    /// How long it may run.
    let timeout: Duration
    let clock: any Clock<Duration>

    func deliver(_ notice: AlertNotice) async -> [String] {
        let variables = AlertVariable.values(for: notice)
        let outcome = await ProgramRunner.run(
            executable, environment: environment.merging(variables) { _, new in new }, timeout: timeout, clock: clock)
        guard !outcome.succeeded else { return [] }
        return ["alert \(notice.alert.id): the program \(Sanitizer.singleLine(program)) \(outcome.description)"]
    }
}

/// `notify-send TITLE BODY`, when it is installed and a desktop session is there to show it.
struct NotifySendAlertNotifier: AlertNotifier {
    /// The notify-send found on PATH.
    let executable: String
    let environment: [String: String]
    let clock: any Clock<Duration>

    /// The notifier, when notify-send is on PATH and DISPLAY or WAYLAND_DISPLAY is set.
    static func available(environment: [String: String], clock: any Clock<Duration>) -> NotifySendAlertNotifier? {
        let hasDesktop = [ProcessVariable.display, .waylandDisplay].contains { environment[$0.rawValue]?.isEmpty == false }
        guard hasDesktop, let executable = ProgramRunner.resolve("notify-send", searchPath: environment[ProcessVariable.path.rawValue]) else {
            return nil
        }
        return NotifySendAlertNotifier(executable: executable, environment: environment, clock: clock)
    }

    func deliver(_ notice: AlertNotice) async -> [String] {
        let arguments = ["--app-name=lacripta", "--", Sanitizer.singleLine(notice.title), Sanitizer.singleLine(notice.body)]
        let outcome = await ProgramRunner.run(executable, arguments: arguments, environment: environment, timeout: .seconds(10), clock: clock)
        return outcome.succeeded ? [] : ["alert \(notice.alert.id): notify-send \(outcome.description)"]
    }
}

/// The variables the alert channels look at: where programs are, whether a desktop session is
/// present, whether tmux is in use.
enum ProcessVariable: String {
    /// Where programs are looked up.
    case path = "PATH"
    /// An X11 display.
    case display = "DISPLAY"
    /// A Wayland display.
    case waylandDisplay = "WAYLAND_DISPLAY"
    /// Set inside tmux.
    case tmux = "TMUX"
}
