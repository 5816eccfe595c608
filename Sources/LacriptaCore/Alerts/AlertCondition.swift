import Foundation

/// What an alert waits for: a price crossing a level, or a move of some size within a window.
/// Levels and sizes keep the user's digits (`DecimalText`), as typed.
public enum AlertCondition: Sendable, Equatable {
    /// The price reaches `level` or more, coming from below.
    case above(DecimalText)
    /// The price reaches `level` or less, coming from above.
    case below(DecimalText)
    /// The price moves by `percent` or more, up or down, within `window`.
    case move(percent: DecimalText, window: Duration)

    /// The level as a number, for level alerts; nil for moves.
    public var levelValue: Double? { level }

    /// The level as a number, for level alerts.
    var level: Double? {
        switch self {
        case .above(let level), .below(let level): NSDecimalNumber(decimal: level.value).doubleValue
        case .move: nil
        }
    }
}

/// One alert as the engine sees it: what to watch and whether it fires again.
public struct AlertRule: Sendable, Equatable {
    /// The store's id for it.
    public var id: Int
    /// The coin, e.g. `BTC`.
    public var symbol: String
    /// The quote currency, e.g. `USD`.
    public var currency: String
    /// What it waits for.
    public var condition: AlertCondition
    /// Whether it re-arms after firing (for levels: once the price has moved back past the level by
    /// the hysteresis; for moves: once a new window has begun).
    public var repeats: Bool

    /// Creates a rule.
    public init(id: Int, symbol: String, currency: String, condition: AlertCondition, repeats: Bool = false) {
        self.id = id
        self.symbol = symbol
        self.currency = currency
        self.condition = condition
        self.repeats = repeats
    }
}

/// An alert that fired, with what to tell the user.
public struct AlertFiring: Sendable, Equatable {
    /// Which alert.
    public var id: Int
    /// The price that fired it.
    public var price: Double
    /// When.
    public var at: Date
    /// Why, in words: "crossed above 100000", "already above 100000 when checked",
    /// "moved +5.2 % within 1h".
    public var reason: String
}
