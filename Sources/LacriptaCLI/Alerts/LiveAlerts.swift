import Foundation
import LacriptaCore
import LacriptaTerminal

/// The user's alerts as a live view holds them while it runs (`lacripta live`, the full-screen
/// view): the stored list, the engine firing them from the view's own ticks, and the alert last
/// fired, flashed on the status line for a while.
///
/// A value with no I/O: the caller reads the store and hands the list to `sync`, feeds prices to
/// `observe`, and writes what `observe` returns through `AlertRecording` (the same rules and the
/// same store as `alert watch`, so a watch and a view running at once tell the user once).
struct LiveAlerts: Sendable {
    /// How long a fired alert stays on the status line.
    static let flashDuration: TimeInterval = 10

    /// The alerts as last read, in file order.
    private(set) var list: [Alert] = []
    /// The engine, kept in step with `list`.
    private(set) var tracker: AlertTracker
    /// The latest alert delivered, and until when it is flashed.
    private(set) var flash: (notice: AlertNotice, until: Date)?
    /// Why the store could not be read or written, in one line; nil when it could.
    var problem: String?

    /// No alerts yet; `hysteresis` as `alert watch` uses it.
    init(hysteresis: Double = 0.005) {
        tracker = AlertTracker(hysteresis: hysteresis)
    }

    /// Takes the store's alerts as they are now (added, removed, fired elsewhere).
    mutating func sync(_ alerts: [Alert]) {
        list = alerts
        tracker.sync(with: alerts)
        problem = nil
    }

    /// Whether an alert on `symbol` in `currency` may still fire: the mark beside its row.
    func isArmed(symbol: String, currency: String) -> Bool {
        list.contains { $0.symbol == symbol && $0.currency == currency && ($0.state == .armed || $0.repeats) }
    }

    /// The pairs some alert needs prices of.
    var pairs: [TickPair] { tracker.pairs }

    /// Feeds one price; returns what must be written to the store, or nil when nothing fired or
    /// re-armed.
    mutating func observe(symbol: String, currency: String, price: Double, at time: Date) -> AlertRecordRequest? {
        let outcome = tracker.observe(PriceTick(symbol: symbol, currency: currency, price: price, at: time))
        let request = AlertRecordRequest(outcome, engine: tracker.engine)
        return request.isEmpty ? nil : request
    }

    /// Takes the store's answer to a firing: the alerts as now stored, and the notices delivered,
    /// the latest of which is flashed from `now`.
    mutating func recorded(_ notices: [AlertNotice], alerts: [Alert], at now: Date) {
        sync(alerts)
        if let last = notices.last { flash = (last, now.addingTimeInterval(Self.flashDuration)) }
    }

    /// The alert flashed at `now`, if one is.
    func flashing(at now: Date) -> AlertNotice? {
        guard let flash, flash.until > now else { return nil }
        return flash.notice
    }
}

extension AlertNotice {
    /// The status-line flash: `⚑ ALERT BTC/USD $70,012.34 crossed above 70000 (alert 3)`.
    var flashLine: StyledText {
        StyledText(" ⚑ ALERT \(pair) \(priceText) ", style: TextStyle(bold: true, reverse: true)) + StyledText(" " + Sanitizer.singleLine(body))
    }
}
