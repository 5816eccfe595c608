import Foundation
import LacriptaTerminal

/// What the view knows from the live source: the last quote of each coin in the shown currency,
/// when it arrived and which way it moved, plus the connection state.
struct LiveTicks: Sendable, Equatable {
    /// One coin's last tick.
    struct Tick: Sendable, Equatable {
        /// The quote as received.
        var quote: LiveQuote
        /// When it arrived (the model's clock).
        var receivedAt: Date
        /// Which way it moved from the previous tick.
        var direction: ChangeDirection
    }

    /// How long a changed price stays highlighted.
    static let flashDuration: TimeInterval = 1

    /// Whether a live source exists at all (`false`: the status bar says "live: off").
    var isEnabled: Bool
    /// The connection state as last reported; `nil` before the first report.
    var state: LiveConnectionState?
    /// Last tick per coin symbol, for the current currency only.
    private(set) var ticks: [String: Tick] = [:]
    /// Symbols the service refused for the current currency.
    private(set) var unavailable: Set<String> = []

    /// Records a quote received at `now`; returns the stored tick.
    @discardableResult
    mutating func record(_ quote: LiveQuote, at now: Date) -> Tick {
        let previous = ticks[quote.pair.symbol]?.quote.price
        var direction = quote.direction ?? .unchanged
        if quote.direction == nil, let previous {
            direction = quote.price > previous ? .up : quote.price < previous ? .down : .unchanged
        }
        let tick = Tick(quote: quote, receivedAt: now, direction: direction)
        ticks[quote.pair.symbol] = tick
        return tick
    }

    /// Marks a pair as refused by the service.
    mutating func markUnavailable(_ symbol: String) {
        unavailable.insert(symbol)
    }

    /// Forgets every tick (after the currency changed, old prices would be in the wrong money).
    mutating func reset() {
        ticks = [:]
        unavailable = []
    }

    /// When the next highlight still showing at `now` ends, so the view can redraw right then.
    func nextFlashEnd(after now: Date) -> Date? {
        ticks.values.lazy
            .filter { $0.direction != .unchanged }
            .map { $0.receivedAt.addingTimeInterval(Self.flashDuration) }
            .filter { $0 > now }
            .min()
    }

    /// The flash direction of `symbol` at `now`: up or down while a fresh change is highlighted.
    func flash(for symbol: String, now: Date) -> ChangeDirection? {
        guard let tick = ticks[symbol], tick.direction != .unchanged,
            now.timeIntervalSince(tick.receivedAt) < Self.flashDuration
        else { return nil }
        return tick.direction
    }
}
