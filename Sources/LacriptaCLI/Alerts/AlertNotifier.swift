import Foundation
import LacriptaCore
import LacriptaTerminal

/// An alert that fired and was claimed in the store, with everything each channel says about it.
/// Built from our own words, the user's note and the numbers, all already single-line; each
/// channel still sanitises what it writes, as every text leaving lacripta is.
struct AlertNotice: Sendable, Equatable {
    /// The alert as stored after firing.
    var alert: Alert
    /// The price that fired it.
    var price: Double
    /// When.
    var at: Date
    /// Why, in words ("crossed above 100000").
    var reason: String

    /// `BTC/USD`.
    var pair: String { "\(alert.symbol)/\(alert.currency)" }

    /// The price as shown, e.g. `$100,012.34`.
    var priceText: String { PriceFormatter(currency: alert.currency).string(price) }

    /// The notification's title: `lacripta: BTC/USD $100,012.34`.
    var title: String { "lacripta: \(pair) \(priceText)" }

    /// The notification's text: `crossed above 100000 (alert 1: sell some)`.
    var body: String {
        let note = alert.note.map { ": \(Sanitizer.singleLine($0))" } ?? ""
        return "\(reason) (alert \(alert.id)\(note))"
    }
}

/// One way of telling the user an alert fired: the seam between `alert watch` and the outside
/// world (a terminal, the desktop, a program of the user's), so the loop is tested with a
/// recording notifier.
protocol AlertNotifier: Sendable {
    /// Tells the user about `notice`; returns problems worth a line on stderr (a program that
    /// failed), none of which stops the watch.
    func deliver(_ notice: AlertNotice) async -> [String]
}

/// Every channel that applies, in order: the line first, so a script reading stdout knows even
/// when a slower channel hangs.
struct AlertNotifiers: AlertNotifier {
    /// The channels.
    var channels: [any AlertNotifier]

    func deliver(_ notice: AlertNotice) async -> [String] {
        var problems: [String] = []
        for channel in channels { problems += await channel.deliver(notice) }
        return problems
    }
}

/// A line on standard output: `2026-11-24T10:00:03Z  BTC/USD  $100,012.34  crossed above 100000 (alert 1)`.
struct LineAlertNotifier: AlertNotifier {
    let output: any TerminalOutput
    let renderer: ANSIRenderer

    /// The line for `notice`, styled.
    static func line(_ notice: AlertNotice) -> StyledText {
        StyledText(notice.at.formatted(.iso8601), style: .secondary) + StyledText("  \(notice.pair)  ")
            + StyledText(notice.priceText, style: .bold) + StyledText("  \(notice.body)")
    }

    func deliver(_ notice: AlertNotice) async -> [String] {
        do {
            try output.write(renderer.render(Self.line(notice)) + "\n")
            return []
        } catch {
            return ["cannot write the alert line: standard output is closed"]
        }
    }
}

/// A desktop notification through the terminal itself (OSC 777 and OSC 9, wrapped for tmux) and a
/// bell; used only when standard output is a terminal, where the escapes cannot corrupt a file.
struct TerminalAlertNotifier: AlertNotifier {
    let output: any TerminalOutput
    /// Whether lacripta runs inside tmux (`TMUX` set).
    let insideTmux: Bool

    func deliver(_ notice: AlertNotice) async -> [String] {
        let notification = DesktopNotification(title: notice.title, body: notice.body)
        // A closed terminal is reported by the line notifier already.
        try? output.write(notification.sequences(insideTmux: insideTmux))
        return []
    }
}
