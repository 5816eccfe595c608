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
    /// Binance spot, the public combined stream (USDT pairs; refused from the United States).
    case binance
    /// Binance.US, Binance's protocol for people in the United States (USD and USDT pairs).
    case binanceus
    /// OKX, the v5 public socket (USDT and USDC pairs).
    case okx
    /// Gemini, the current market-data socket (`bookTicker`; USD pairs).
    case gemini
    /// CEX.IO Spot Trading, the public socket (its 20-level books; USD, EUR and USDT pairs).
    case cex

    /// The production feed of Coinbase Exchange.
    public static let defaultCoinbaseURL = "wss://ws-feed.exchange.coinbase.com"
    /// The production feed of Kraken v2. `/v2` matters: the bare host speaks the frozen v1.
    public static let defaultKrakenURL = "wss://ws.kraken.com/v2"
    /// The production feed of Bitstamp: one URL for every channel.
    public static let defaultBitstampURL = "wss://ws.bitstamp.net"
    /// The public (unauthenticated) feed of Bitfinex; `api.bitfinex.com` is the authenticated one.
    public static let defaultBitfinexURL = "wss://api-pub.bitfinex.com/ws/2"
    /// Binance's combined stream; `/stream` wraps each event with its stream's name.
    public static let defaultBinanceURL = "wss://stream.binance.com:9443/stream"
    /// Binance.US's combined stream.
    public static let defaultBinanceUSURL = "wss://stream.binance.us:9443/stream"
    /// OKX's global public socket (US and Australian users: `wss://wsus.okx.com:8443/ws/v5/public`).
    public static let defaultOKXURL = "wss://ws.okx.com:8443/ws/v5/public"
    /// Gemini's current socket (it moved from `wsapi.fast.gemini.com` on 2026-02-24).
    public static let defaultGeminiURL = "wss://ws.gemini.com"
    /// CEX.IO Spot Trading's keyless socket (the old `wss://ws.cex.io/ws` needs a login for books).
    public static let defaultCEXURL = "wss://trade.cex.io/api/spot/ws-public"

    /// The exchanges `compare` follows when none are named: the four that quote in USD and EUR
    /// and reach every region. The others are asked for by name (`--exchanges binance,…`).
    public static let compareDefaults: [Exchange] = [.coinbase, .kraken, .bitstamp, .bitfinex]

    /// The exchange's name as people write it, e.g. `Coinbase`.
    public var name: String {
        switch self {
        case .coinbase: "Coinbase"
        case .kraken: "Kraken"
        case .bitstamp: "Bitstamp"
        case .bitfinex: "Bitfinex"
        case .binance: "Binance"
        case .binanceus: "Binance.US"
        case .okx: "OKX"
        case .gemini: "Gemini"
        case .cex: "CEX.IO"
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
        case .binance: Self.defaultBinanceURL
        case .binanceus: Self.defaultBinanceUSURL
        case .okx: Self.defaultOKXURL
        case .gemini: Self.defaultGeminiURL
        case .cex: Self.defaultCEXURL
        }
    }

    /// The production URL of this exchange's feed.
    public var defaultURL: URL {
        guard let url = URL(string: defaultURLText) else { preconditionFailure("bad default URL \(defaultURLText)") }
        return url
    }

    /// The exchange to suggest when this one refuses the user's region (HTTP 451 on the upgrade):
    /// Binance.US for Binance.
    public var regionalAlternative: Exchange? {
        self == .binance ? .binanceus : nil
    }
}
