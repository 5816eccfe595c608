import Foundation
import LacriptaTerminal

/// Where the interactive view gets live prices: the seam for the streamer's `PriceFeed`.
///
/// One source serves the whole view over one socket (free keys allow a single socket per
/// account), so the toplist, the live detail and every other screen share it. The view calls
/// `setSubscriptions` with the complete set it wants each time that set changes (the visible
/// rows follow the scroll position); an adapter over `PriceFeed.setSubscriptions` sends only the
/// difference. `events` is read by one consumer for the life of the view; `stop()` closes the
/// connection and finishes `events`.
public protocol LivePriceSource: Sendable {
    /// Prices and connection changes, in order of arrival.
    var events: AsyncStream<LiveEvent> { get }
    /// Starts connecting (if not already) and replaces the subscribed pairs with `pairs`.
    func setSubscriptions(_ pairs: [LivePair]) async
    /// Closes the connection and finishes `events`.
    func stop() async
}

/// One aggregate (CCCAGG) price pair, e.g. BTC in USD.
public struct LivePair: Sendable, Hashable, CustomStringConvertible {
    /// The coin's ticker, e.g. BTC.
    public var symbol: String
    /// The quote currency, e.g. USD.
    public var currency: String

    /// Creates a pair.
    public init(symbol: String, currency: String) {
        self.symbol = symbol
        self.currency = currency
    }

    /// `BTC/USD`.
    public var description: String { "\(symbol)/\(currency)" }
}

/// A pair's latest live figures, as the streamer knows them after merging an update.
public struct LiveQuote: Sendable, Equatable {
    /// Which pair.
    public var pair: LivePair
    /// The last price.
    public var price: Double
    /// Which way this update moved the price, when the service said (`FLAGS`); `nil` lets the
    /// view compare with the previous price itself.
    public var direction: ChangeDirection?
    /// The service's time of the last trade (`LASTUPDATE`), if sent.
    public var lastTrade: Date?
    /// Price at 00:00 UTC (`OPENDAY`).
    public var openDay: Double?
    /// Today's high (`HIGHDAY`).
    public var highDay: Double?
    /// Today's low (`LOWDAY`).
    public var lowDay: Double?

    /// Creates a quote.
    public init(
        pair: LivePair, price: Double, direction: ChangeDirection? = nil, lastTrade: Date? = nil,
        openDay: Double? = nil, highDay: Double? = nil, lowDay: Double? = nil
    ) {
        self.pair = pair
        self.price = price
        self.direction = direction
        self.lastTrade = lastTrade
        self.openDay = openDay
        self.highDay = highDay
        self.lowDay = lowDay
    }
}

/// The state of the live connection, as the status bar shows it.
public enum LiveConnectionState: Sendable, Equatable {
    /// Opening the socket (first time).
    case connecting
    /// Connected and receiving.
    case live
    /// The connection dropped; the next attempt is `nextIn` away.
    case reconnecting(attempt: Int, nextIn: Duration)
    /// Connected but silent for `age`: prices on screen may be old.
    case stale(age: Duration)
    /// Given up (for example the key was refused or another socket is open); `reason` is shown.
    case failed(reason: String)
}

/// What a live source reports.
public enum LiveEvent: Sendable, Equatable {
    /// A new price for a subscribed pair.
    case price(LiveQuote)
    /// The connection changed state.
    case state(LiveConnectionState)
    /// A pair the service refused (not traded on the aggregate, say): the view stops waiting for it.
    case unavailable(LivePair)
}
