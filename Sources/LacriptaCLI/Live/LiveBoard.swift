import Foundation
import LacriptaCore
import LacriptaTerminal

/// What the live view shows: one row per requested pair, the connection state, and which pairs
/// the streamer rejected. A value type fed by feed events and rendered to lines, so the whole
/// view is testable without a terminal or a socket.
struct LiveBoard: Sendable {
    /// One requested pair and what is known of it.
    struct Row: Sendable {
        /// The subscription this row shows.
        let subscription: Subscription
        /// The merged state, once the first message arrived.
        var snapshot: PriceSnapshot?
        /// Until when (feed time) the price flashes after a change, and in which direction.
        var flash: (until: Duration, direction: PriceDirection)?
    }

    /// How long a price change stays highlighted.
    static let flashDuration: Duration = .milliseconds(900)

    /// Rows in the order the user asked for them.
    private(set) var rows: [Row]
    /// The connection state.
    var state: FeedState = .connecting(attempt: 1)
    /// Pairs the streamer refused, with its explanation.
    private(set) var rejected: [Subscription: String] = [:]
    /// The latest notice for the user (a refused pair, a socket limit), shown under the status
    /// line: on a terminal the view owns the screen, so nothing may be printed around it.
    var notice: String?

    /// A board for `subscriptions`.
    init(subscriptions: [Subscription]) {
        rows = subscriptions.map { Row(subscription: $0) }
    }

    /// Merges a change; returns false when it is for a pair this board does not show.
    @discardableResult
    mutating func apply(_ change: PriceChange) -> Bool {
        guard let index = row(of: change.pair) else { return false }
        rows[index].snapshot = change.snapshot
        if change.changed.contains(PriceField.price), !change.isFirst, change.direction != .unchanged {
            rows[index].flash = (change.snapshot.receivedAt + Self.flashDuration, change.direction)
        }
        return true
    }

    /// The index of the row showing `pair`, if any.
    func row(of pair: PairKey) -> Int? {
        rows.firstIndex { $0.subscription.pair == pair }
    }

    /// Records a refused pair.
    mutating func reject(_ subscription: Subscription, info: String) {
        rejected[subscription] = info
    }

    /// Whether the streamer refused every pair (nothing left to show).
    var everythingRejected: Bool { rows.allSatisfy { rejected[$0.subscription] != nil } }

    /// The view's lines at feed time `now`, for a terminal `width` cells wide.
    func render(now: Duration, width: Int, currency: String) -> [StyledText] {
        let price = PriceFormatter(currency: currency)
        let changes = ChangeFormatter()
        var table = Table(columns: [
            Table.Column("Symbol", priority: 100),
            Table.Column("Price", alignment: .right, priority: 90),
            Table.Column("Change today", alignment: .right, priority: 80),
            Table.Column("Day high", alignment: .right, priority: 40),
            Table.Column("Day low", alignment: .right, priority: 40),
            Table.Column("Last tick", alignment: .right, priority: 60),
        ])
        let dash = StyledText(PriceFormatter.missingValue, style: .secondary)
        for row in rows {
            let symbol = StyledText(row.subscription.from, style: .bold)
            if rejected[row.subscription] != nil {
                // The server's explanation goes to the notice line; a long cell would squeeze the table.
                table.addRow([symbol, StyledText("unavailable", style: .yellow), dash, dash, dash, dash])
                continue
            }
            guard let snapshot = row.snapshot else {
                table.addRow([symbol, StyledText("waiting…", style: .secondary), dash, dash, dash, dash])
                continue
            }
            let fields = snapshot.fields
            var priceStyle = TextStyle.plain
            if let flash = row.flash, flash.until > now {
                priceStyle = (flash.direction == .up ? TextStyle.positive : .negative).reversed
            }
            let priceCell = fields.price.map { StyledText(price.string($0), style: priceStyle) } ?? dash
            var changeCell = dash
            if let current = fields.price, let open = fields.openDay, open != 0 {
                changeCell = changes.change(current - open, percent: (current - open) / open * 100, price: price)
            }
            table.addRow([
                symbol, priceCell, changeCell,
                fields.highDay.map { StyledText(price.string($0)) } ?? dash,
                fields.lowDay.map { StyledText(price.string($0)) } ?? dash,
                StyledText(Self.age(now - snapshot.receivedAt), style: .secondary),
            ])
        }
        var lines = table.render(width: width) + [StyledText(""), statusLine]
        if let notice { lines.append(StyledText(Sanitizer.singleLine(notice), style: .yellow)) }
        return lines
    }

    /// LIVE / CONNECTING / RECONNECTING (attempt 3, next in 8 s) / STALE 42 s.
    var statusLine: StyledText {
        switch state {
        case .live:
            return StyledText("● LIVE", style: .positive) + StyledText("  Ctrl-C to quit", style: .secondary)
        case .connecting(let attempt):
            return StyledText(attempt > 1 ? "CONNECTING (attempt \(attempt))" : "CONNECTING", style: .yellow)
        case .reconnecting(let attempt, let nextIn, let reason):
            return StyledText("RECONNECTING (attempt \(attempt), next in \(Self.seconds(nextIn)) s)", style: .yellow)
                + StyledText("  \(Self.describe(reason))", style: .secondary)
        case .stale(let age):
            return StyledText("STALE \(Self.seconds(age)) s", style: .negative) + StyledText("  no data from the streamer", style: .secondary)
        }
    }

    /// "3 s", "2 min", "1 h".
    static func age(_ duration: Duration) -> String {
        let seconds = max(0, Int(duration.components.seconds))
        if seconds < 120 { return "\(seconds) s" }
        if seconds < 7200 { return "\(seconds / 60) min" }
        return "\(seconds / 3600) h"
    }

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
