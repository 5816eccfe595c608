import Foundation
import LacriptaCore
import LacriptaTerminal

/// The alerts screen: one row per stored alert with its id, pair, condition, the price now (live
/// when the view has it, else the toplist's) and whether it is armed or fired, and when.
struct AlertListView: Sendable {
    /// The state to draw.
    let model: InteractiveModel
    /// The page shown.
    let list: AlertListPage

    /// The title bar.
    func title(width: Int) -> StyledText {
        let count = model.alerts.list.count
        return FramePieces.titleBar("lacripta · alerts", right: "\(count) alert\(count == 1 ? "" : "s")", width: width)
    }

    /// The body: the table, or what to do when there is none.
    func body(width: Int) -> [StyledText] {
        let alerts = model.alerts.list
        if alerts.isEmpty {
            let why = model.alerts.problem.map { "  ⚠ " + $0 } ?? "  No alerts yet. On the toplist, A adds one for the selected coin."
            return [StyledText(""), StyledText(why, style: .secondary)]
        }
        var table = Table(columns: [
            Table.Column("ID", alignment: .right, priority: 100),
            Table.Column("Pair", priority: 95),
            Table.Column("Condition", priority: 90, isFlexible: true),
            Table.Column("Price now", alignment: .right, priority: 80),
            Table.Column("State", priority: 85),
            Table.Column("Last fired", priority: 40),
            Table.Column("Note", priority: 20, maxWidth: 30, isFlexible: true),
        ])
        let dash = StyledText(PriceFormatter.missingValue, style: .secondary)
        for alert in alerts {
            let price = currentPrice(alert).map { StyledText(PriceFormatter(currency: alert.currency).string($0)) } ?? dash
            let state =
                alert.state == .armed
                ? StyledText("armed", style: .ok) : StyledText(alert.repeats ? "fired, re-arms" : "fired", style: .warning)
            table.addRow([
                StyledText("\(alert.id)", style: .secondary), StyledText("\(alert.symbol)/\(alert.currency)", style: .bold),
                StyledText(alert.conditionText + (alert.repeats ? " (repeat)" : "")), price, state,
                alert.lastFired.map { StyledText(UTCDateFormatter.time($0) + " UTC", style: .secondary) } ?? dash,
                StyledText(Sanitizer.singleLine(alert.note ?? "")),
            ])
        }
        let lines = table.render(width: width)
        let window = list.cursor.visible(count: alerts.count, page: model.layout.toplistRows)
        var body = [lines.first ?? StyledText()]
        for index in window where lines.indices.contains(index + 1) {
            let line = lines[index + 1]
            body.append(index == list.cursor.selected ? FramePieces.highlighted(line, width: width) : line)
        }
        return body
    }

    /// The price of `alert`'s pair now: the live tick in the shown currency, else the toplist's.
    private func currentPrice(_ alert: Alert) -> Double? {
        guard alert.currency == model.currency else { return nil }
        if let price = model.liveTick(for: alert.symbol)?.price { return price }
        return model.coins.first { $0.symbol.uppercased() == alert.symbol }?.quote?.price
    }
}

/// The footer while the alert prompt is open: the pair, the text with its cursor, and an example
/// or the mistake.
enum AlertPromptView {
    /// The line, at most `width` cells.
    static func line(_ prompt: AlertPrompt, width: Int) -> StyledText {
        var field = StyledText(" Alert \(Sanitizer.singleLine(prompt.symbol))/\(prompt.currency): ", style: .bold)
        field += StyledText(prompt.editor.text) + FramePieces.textCursor
        if let error = prompt.error {
            field += StyledText("  ⚠ " + error, style: .error)
        } else if prompt.saving {
            field += StyledText("  saving…", style: .secondary)
        } else if prompt.editor.text.isEmpty {
            field += StyledText("  " + AlertPrompt.example, style: .secondary)
        } else {
            field += StyledText("  Enter add · Esc cancel", style: .secondary)
        }
        return field.truncated(toWidth: width)
    }
}
