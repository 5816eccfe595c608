import Foundation

/// A coin priced in a currency, as alerts name it: `BTC` in `USD`.
public struct TickPair: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The coin, upper case.
    public var symbol: String
    /// The quote currency, upper case.
    public var currency: String

    /// Creates a pair.
    public init(symbol: String, currency: String) {
        self.symbol = symbol
        self.currency = currency
    }

    /// `BTC/USD`.
    public var description: String { "\(symbol)/\(currency)" }

    public static func < (lhs: TickPair, rhs: TickPair) -> Bool {
        (lhs.symbol, lhs.currency) < (rhs.symbol, rhs.currency)
    }
}

/// One price of one pair at one moment: all the alert engine needs from a stream.
public struct PriceTick: Sendable, Equatable {
    /// The coin.
    public var symbol: String
    /// The quote currency.
    public var currency: String
    /// The price.
    public var price: Double
    /// When it was received.
    public var at: Date

    /// Creates a tick.
    public init(symbol: String, currency: String, price: Double, at: Date) {
        self.symbol = symbol
        self.currency = currency
        self.price = price
        self.at = at
    }
}

/// What a tick source reports: prices, and things the user should know while it runs.
public enum PriceTickEvent: Sendable, Equatable {
    /// A price.
    case tick(PriceTick)
    /// A line for the user (a pair the service does not have, a reconnect); may hold server text,
    /// so sanitise before display.
    case notice(String)
}
