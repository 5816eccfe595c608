import Foundation

/// An exchange whose public WebSocket feed lacripta reads directly, for comparing one pair's
/// quotes across venues.
///
/// The default URLs below are the only place the production endpoints are spelled out;
/// configuration (`LACRIPTA_COINBASE_URL` and its siblings) overrides them, and tests point
/// them at fakes on 127.0.0.1.
public enum Exchange: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Coinbase Exchange, the keyless `ws-feed` (not Advanced Trade).
    case coinbase
    /// Kraken spot, WebSocket API v2.
    case kraken
    /// Bitstamp, WebSocket API v2.
    case bitstamp
    /// Bitfinex, public WebSocket API v2.
    case bitfinex

    /// The production feed of Coinbase Exchange.
    public static let defaultCoinbaseURL = "wss://ws-feed.exchange.coinbase.com"
    /// The production feed of Kraken v2. `/v2` matters: the bare host speaks the frozen v1.
    public static let defaultKrakenURL = "wss://ws.kraken.com/v2"
    /// The production feed of Bitstamp: one URL for every channel.
    public static let defaultBitstampURL = "wss://ws.bitstamp.net"
    /// The public (unauthenticated) feed of Bitfinex; `api.bitfinex.com` is the authenticated one.
    public static let defaultBitfinexURL = "wss://api-pub.bitfinex.com/ws/2"

    /// The exchange's name as people write it, e.g. `Coinbase`.
    public var name: String {
        switch self {
        case .coinbase: "Coinbase"
        case .kraken: "Kraken"
        case .bitstamp: "Bitstamp"
        case .bitfinex: "Bitfinex"
        }
    }

    public var description: String { name }

    /// The production URL text of this exchange's feed.
    public var defaultURLText: String {
        switch self {
        case .coinbase: Self.defaultCoinbaseURL
        case .kraken: Self.defaultKrakenURL
        case .bitstamp: Self.defaultBitstampURL
        case .bitfinex: Self.defaultBitfinexURL
        }
    }

    /// The production URL of this exchange's feed.
    public var defaultURL: URL {
        guard let url = URL(string: defaultURLText) else { preconditionFailure("bad default URL \(defaultURLText)") }
        return url
    }
}
