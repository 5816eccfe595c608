import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta live` on a terminal: the live model as a table.
///
/// One row per requested pair in the order asked, then the connection status and the latest
/// notice. A pure function of the model and the time, so the view is tested without a terminal
/// or a socket.
struct LiveTable: Sendable {
    /// What is known live.
    let model: LiveModel
    /// The quote currency, for the price format.
    let currency: String
    /// Symbols with an alert that may still fire: marked ⚑ beside the symbol.
    var alerted: Set<String> = []

    /// The view's lines at `now`, for a terminal `width` cells wide.
    func lines(at now: Date, width: Int) -> [StyledText] {
        let price = PriceFormatter(currency: currency)
        let changes = ChangeFormatter()
        // An exchange's ticker rolls over 24 hours; CryptoCompare's index opens at midnight UTC.
        let rolling = model.matchesAnyMarket
        var columns = [
            Table.Column("Symbol", priority: 100),
            Table.Column("Price", alignment: .right, priority: 90),
            Table.Column(rolling ? "Change 24 h" : "Change today", alignment: .right, priority: 80),
            Table.Column(rolling ? "24 h high" : "Day high", alignment: .right, priority: 40),
            Table.Column(rolling ? "24 h low" : "Day low", alignment: .right, priority: 40),
            Table.Column("Last tick", alignment: .right, priority: 60),
        ]
        if rolling { columns.insert(Table.Column("Market", priority: 50), at: 1) }
        var table = Table(columns: columns)
        let dash = StyledText(PriceFormatter.missingValue, style: .secondary)
        for pair in model.pairs {
            var symbol = StyledText(pair.from, style: .bold)
            if alerted.contains(pair.from) { symbol += StyledText(" ⚑", style: .mark) }
            if model.isRefused(pair) {
                // The server's explanation goes to the notice line; a long cell would squeeze the table.
                table.addRow(row([symbol, StyledText("unavailable", style: .warning), dash, dash, dash, dash], market: dash))
                continue
            }
            guard let tick = model.tick(for: pair) else {
                table.addRow(row([symbol, StyledText("waiting…", style: .secondary), dash, dash, dash, dash], market: dash))
                continue
            }
            let fields = tick.snapshot.fields
            var priceStyle = TextStyle.plain
            if let flash = model.flash(for: pair, at: now) {
                priceStyle = (flash == .up ? TextStyle.positive : .negative).reversed
            }
            table.addRow(
                row(
                    [
                        symbol,
                        tick.price.map { StyledText(price.string($0), style: priceStyle) } ?? dash,
                        tick.change(over: .day).map { changes.change($0.amount, percent: $0.percent, price: price) } ?? dash,
                        fields.highDay.map { StyledText(price.string($0)) } ?? dash,
                        fields.lowDay.map { StyledText(price.string($0)) } ?? dash,
                        StyledText(Self.age(now.timeIntervalSince(tick.receivedAt)), style: .secondary),
                    ], market: StyledText(Sanitizer.singleLine(tick.snapshot.pair.market), style: .secondary)))
        }
        var lines = table.render(width: width) + [StyledText(""), statusLine]
        if let notice = model.notice { lines.append(StyledText(notice.text, style: .warning)) }
        return lines
    }

    /// The cells of a row, with the market's after the symbol when the table has that column.
    private func row(_ cells: [StyledText], market: StyledText) -> [StyledText] {
        guard model.matchesAnyMarket else { return cells }
        var cells = cells
        cells.insert(market, at: 1)
        return cells
    }

    /// LIVE / CONNECTING / RECONNECTING (attempt 3, next in 8 s) / STALE 42 s.
    var statusLine: StyledText {
        switch model.state ?? .connecting(attempt: 1) {
        case .live:
            return StyledText("● LIVE", style: .ok) + StyledText("  Ctrl-C to quit", style: .secondary)
        case .connecting(let attempt):
            return StyledText(attempt > 1 ? "CONNECTING (attempt \(attempt))" : "CONNECTING", style: .warning)
        case .reconnecting(let attempt, let nextIn, let reason):
            return StyledText("RECONNECTING (attempt \(attempt), next in \(Self.seconds(nextIn)) s)", style: .warning)
                + StyledText("  \(Self.describe(reason))", style: .secondary)
        case .stale(let age):
            return StyledText("STALE \(Self.seconds(age)) s", style: .error) + StyledText("  no data from the streamer", style: .secondary)
        }
    }

    /// "3 s", "2 min", "1 h" for an age in seconds.
    static func age(_ interval: TimeInterval) -> String {
        let seconds = max(0, Int(clamping: interval))
        if seconds < 120 { return "\(seconds) s" }
        if seconds < 7200 { return "\(seconds / 60) min" }
        return "\(seconds / 3600) h"
    }

    /// Whole seconds, rounded up: a wait of 7.2 s is announced as 8 s, never as less than it is.
    static func seconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }

    /// Why the connection is being re-opened, in a few words.
    static func describe(_ reason: DisconnectReason) -> String {
        switch reason {
        case .connectFailed: "could not connect"
        case .connectionLost: "connection lost"
        case .closedByServer: "closed by the server"
        case .forceDisconnect: "the server asked to reconnect"
        case .silence: "no data for 90 s"
        case .rateLimited: "too many connections; waiting at least a minute"
        }
    }
}
