import Foundation

/// Decides when alerts fire, from price ticks and their times alone: no sockets, no clock, no
/// output, so every rule is tested on tick sequences.
///
/// Level alerts fire when a tick is at or beyond the level and the previous tick was on the other
/// side; an alert whose first tick is already beyond fires once, saying so. A one-shot alert then
/// stays fired. A repeating one re-arms only after the price has gone back past the level by the
/// hysteresis (0.5 % by default), so a price hovering at the level does not fire on every tick.
/// Move alerts keep the window's ticks and fire when the newest price is `percent` or more away
/// from any price within the window; a repeating one starts a new window from that tick.
public struct AlertEngine: Sendable {
    /// The fraction a price must move back past a level before a repeating alert re-arms.
    public let hysteresis: Double
    private var states: [Int: RuleState] = [:]

    /// What the engine remembers of one alert.
    private struct RuleState: Sendable {
        var rule: AlertRule
        /// Whether it may fire.
        var armed = true
        /// For level alerts: whether the last tick was beyond the level; nil before the first.
        var wasBeyond: Bool?
        /// For move alerts: the window's ticks, oldest first.
        var window: [(at: Date, price: Double)] = []
    }

    /// An engine; `hysteresis` is a fraction (0.005 for 0.5 %).
    public init(hysteresis: Double = 0.005) {
        self.hysteresis = max(0, hysteresis)
    }

    /// Starts watching `rule`; `fired` says it already fired (and has not re-armed) before a restart.
    public mutating func watch(_ rule: AlertRule, fired: Bool = false) {
        states[rule.id] = RuleState(rule: rule, armed: !fired, wasBeyond: fired ? true : nil)
    }

    /// Lets the alert with `id` fire again (another process re-armed it), keeping what the engine
    /// knows of the last tick, so the next crossing is a crossing and not "already above".
    public mutating func rearm(_ id: Int) {
        states[id]?.armed = true
    }

    /// Stops the alert with `id` from firing (another process fired it); a repeating one re-arms
    /// as usual once the price moves back.
    public mutating func disarm(_ id: Int) {
        states[id]?.armed = false
    }

    /// Stops watching the alert with `id`.
    public mutating func forget(_ id: Int) {
        states[id] = nil
    }

    /// Whether the alert with `id` may still fire.
    public func isArmed(_ id: Int) -> Bool {
        states[id]?.armed ?? false
    }

    /// The rule watched under `id`, if any.
    public func rule(_ id: Int) -> AlertRule? {
        states[id]?.rule
    }

    /// The ids of every watched alert, in order.
    public var ids: [Int] {
        states.keys.sorted()
    }

    /// Feeds one tick of `symbol` in `currency`; returns the alerts it fired and those it re-armed
    /// (both must reach the store, so a restart knows).
    public mutating func observe(symbol: String, currency: String, price: Double, at time: Date) -> AlertOutcome {
        var outcome = AlertOutcome()
        guard price.isFinite, price > 0 else { return outcome }
        for id in states.keys.sorted() {
            guard var state = states[id], state.rule.symbol == symbol, state.rule.currency == currency else { continue }
            let wasArmed = state.armed
            if let firing = Self.step(&state, price: price, at: time, hysteresis: hysteresis) { outcome.fired.append(firing) }
            if !wasArmed, state.armed { outcome.rearmed.append(id) }
            states[id] = state
        }
        return outcome
    }

    private static func step(_ state: inout RuleState, price: Double, at time: Date, hysteresis: Double) -> AlertFiring? {
        switch state.rule.condition {
        case .above(let text), .below(let text):
            return level(&state, text: text, price: price, at: time, hysteresis: hysteresis)
        case .move(let percent, let window):
            return move(&state, percent: percent, window: window, price: price, at: time)
        }
    }

    private static func level(_ state: inout RuleState, text: DecimalText, price: Double, at time: Date, hysteresis: Double) -> AlertFiring? {
        guard let level = state.rule.condition.level else { return nil }
        let upward = if case .above = state.rule.condition { true } else { false }
        let beyond = upward ? price >= level : price <= level
        let word = upward ? "above" : "below"
        defer { state.wasBeyond = beyond }
        if !state.armed {
            // Re-arm a repeating alert once the price is back past the level by the hysteresis.
            let back = upward ? price <= level * (1 - hysteresis) : price >= level * (1 + hysteresis)
            if state.rule.repeats, back { state.armed = true }
            return nil
        }
        guard beyond else { return nil }
        let reason: String
        switch state.wasBeyond {
        case nil: reason = "already \(word) \(text) when first checked"
        case false?: reason = "crossed \(word) \(text)"
        case true?:
            // Still beyond after re-arming without crossing back (cannot happen with hysteresis >= 0),
            // or after a restart that remembered it fired: nothing new to say.
            return nil
        }
        state.armed = false
        return AlertFiring(id: state.rule.id, price: price, at: time, reason: reason)
    }

    private static func move(_ state: inout RuleState, percent: DecimalText, window: Duration, price: Double, at time: Date) -> AlertFiring? {
        let seconds = Double(window.components.seconds) + Double(window.components.attoseconds) / 1e18
        state.window.removeAll { time.timeIntervalSince($0.at) > seconds }
        defer { state.window.append((time, price)) }
        guard state.armed else { return nil }
        let threshold = NSDecimalNumber(decimal: percent.value).doubleValue / 100
        // The biggest move from any price still in the window to this one.
        guard let reference = state.window.max(by: { abs(price - $0.price) / $0.price < abs(price - $1.price) / $1.price }) else { return nil }
        let change = (price - reference.price) / reference.price
        guard abs(change) >= threshold else { return nil }
        if state.rule.repeats {
            state.window.removeAll()  // the next alert needs a new move of that size
        } else {
            state.armed = false
        }
        let sign = change >= 0 ? "+" : "−"
        let shown = (abs(change) * 1000).rounded() / 10
        return AlertFiring(id: state.rule.id, price: price, at: time, reason: "moved \(sign)\(shown) % within \(describe(window))")
    }

    /// "1h", "24h", "90 s".
    public static func describe(_ window: Duration) -> String {
        let seconds = window.components.seconds
        if seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds % 60 == 0 { return "\(seconds / 60) min" }
        return "\(seconds) s"
    }
}

/// What one tick did: the alerts it fired and the repeating ones it re-armed, by id.
public struct AlertOutcome: Sendable, Equatable {
    /// Alerts that fired, in id order.
    public var fired: [AlertFiring] = []
    /// Repeating alerts that re-armed, in id order.
    public var rearmed: [Int] = []

    /// Nothing happened.
    public init() {}
}
