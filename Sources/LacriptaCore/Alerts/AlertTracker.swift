import Foundation

/// Keeps an `AlertEngine` in step with the alerts file while a watcher runs: alerts added, removed
/// or edited by hand, fired or re-armed by another process, are picked up on the next `sync`.
/// Pure: the caller reads the file and feeds the ticks.
public struct AlertTracker: Sendable {
    /// The engine doing the firing.
    public private(set) var engine: AlertEngine
    /// The alerts as last synced, by id.
    private var known: [Int: Alert] = [:]

    /// A tracker with no alerts; `hysteresis` as for `AlertEngine`.
    public init(hysteresis: Double = 0.005) {
        engine = AlertEngine(hysteresis: hysteresis)
    }

    /// The pairs the alerts need prices of, sorted, without repeats.
    public var pairs: [TickPair] {
        Set(known.values.map { TickPair(symbol: $0.symbol, currency: $0.currency) }).sorted()
    }

    /// Whether any alert may still fire (a watcher with nothing left to wait for can say so).
    public var hasArmedAlerts: Bool {
        engine.ids.contains { engine.isArmed($0) || known[$0]?.repeats == true }
    }

    /// Takes the file's alerts as they are now. A new or edited alert starts afresh (so one already
    /// beyond its level fires once, saying so); one fired elsewhere stops; one re-armed elsewhere
    /// may fire again; a removed one is forgotten.
    public mutating func sync(with alerts: [Alert]) {
        let current = Dictionary(alerts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for id in known.keys where current[id] == nil {
            engine.forget(id)
            known[id] = nil
        }
        for (id, alert) in current.sorted(by: { $0.key < $1.key }) {
            let old = known[id]
            known[id] = alert
            let isFired = alert.state == .fired
            if old?.rule != alert.rule || engine.rule(id) == nil {
                engine.watch(alert.rule, fired: isFired)
            } else if isFired, engine.isArmed(id), !alert.isRepeatingMove {
                engine.disarm(id)
            } else if !isFired, !engine.isArmed(id) {
                engine.rearm(id)
            }
        }
    }

    /// Feeds one tick to the engine.
    public mutating func observe(_ tick: PriceTick) -> AlertOutcome {
        engine.observe(symbol: tick.symbol, currency: tick.currency, price: tick.price, at: tick.at)
    }

    /// The alert with `id` as last synced.
    public func alert(_ id: Int) -> Alert? { known[id] }
}

extension Alert {
    /// A repeating move alert: it stays armed after firing (a new window begins instead).
    public var isRepeatingMove: Bool {
        if case .move = condition { return repeats }
        return false
    }
}
