/// A command-line mistake; the message never repeats argument values (one may be a key).
public struct SimulatorUsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in our own words.
    public let message: String

    /// The message.
    public var description: String { message }
}

/// The parsed `lacripta-sim` arguments.
public struct SimulatorCommandLine: Sendable {
    /// `--port N`: REST port on 127.0.0.1 (default 0, a free port).
    public var port: UInt16 = 0
    /// `--stream-port N`: streamer port (default 0).
    public var streamPort: UInt16 = 0
    /// `--stream-port-file PATH`: where to write the bound streamer port.
    public var streamPortFile: String?
    /// `--no-stream`: serve REST only.
    public var streamDisabled = false
    /// The streamer's behaviour from the `--stream-*` and `--flood` flags.
    public var streamOptions = CryptoCompareStreamer.Options()
    /// `--data DIR`: the recorded data directory (default: found from the cwd or the binary).
    public var dataDirectory: String?
    /// `--port-file PATH`: where to write the bound REST port.
    public var portFile: String?
    /// `--control-port-file PATH`: start the control port (`SimulatorControlCommand`) and write
    /// its port to PATH.
    public var controlPortFile: String?
    /// `--require-key KEY`: the key clients must send. Printed as `****`.
    public var requiredKey: RequiredAPIKey?
    /// `--fault MODE`: a REST fault active from the start.
    public var fault: FaultMode?
    /// `--coingecko-fault MODE`: a CoinGecko fault active from the start.
    public var coinGeckoFault: CoinGeckoFault?
    /// `--feed-fault MODE[@FEED]` (repeatable): news feed faults active from the start.
    public var feedFaults: [FeedSetting<FeedFault>] = []
    /// `--feed-delay SECONDS[@FEED]` (repeatable): news feed delays active from the start.
    public var feedDelays: [FeedSetting<Duration>] = []
    /// `--recorded-times`: serve news and feeds with their recorded timestamps instead of moving
    /// them to now.
    public var recordedTimes = false
    /// `--no-exchanges`: serve no exchange feeds.
    public var exchangesDisabled = false
    /// The exchange feeds' behaviour from the `--exchange-*` flags.
    public var exchangeOptions = ExchangeFeeds.Options()
    /// `--exchange-url-file PATH`: where to write each exchange's feed URL.
    public var exchangeURLFile: String?
    /// `--help` / `-h`.
    public var showHelp = false

    /// The help text.
    public static let usage = """
        USAGE: lacripta-sim [--port N] [--data DIR] [--port-file PATH] [--require-key KEY] [--fault MODE]
                            [--coingecko-fault MODE] [--feed-fault MODE[@FEED]] [--feed-delay SECONDS[@FEED]]
                            [--stream-port N] [--stream-port-file PATH] [--stream-* ...] [--flood N]
                            [--exchange-port N] [--exchange-url-file PATH] [--exchange-* ...] [--no-exchanges]

        An offline CryptoCompare, CoinGecko and set of crypto news feeds on 127.0.0.1, from recorded
        responses, with the CryptoCompare streamer v2 (ws://127.0.0.1:PORT/v2) on a seeded random
        walk of the recorded toplist, and the public WebSocket feeds of four exchanges, each on its own
        port at the real feed's path, quoting one shared random walk:
          ws://127.0.0.1:PORT/        Coinbase Exchange ws-feed (ticker, heartbeat; prices as strings)
          ws://127.0.0.1:PORT/v2      Kraken v2 (ticker; JSON numbers)
          ws://127.0.0.1:PORT/        Bitstamp v2 (order_book_*, live_trades_*)
          ws://127.0.0.1:PORT/ws/2    Bitfinex v2 (ticker arrays)
        Pairs: BTC, ETH, SOL, XRP, DOGE, LTC in USD and BTC, ETH, SOL in EUR; Bitstamp lists no
        DOGE (acked, then silent) and Bitfinex no SOL/EUR (symbol: invalid).
        One REST port serves CryptoCompare, CoinGecko, the exchanges' REST candles and the feeds:
          http://127.0.0.1:PORT/...                      CryptoCompare min-api (/data/...); news pages back
                                                         by lTs into an archive behind the recorded page,
                                                         50 articles a page, then an empty one
          http://127.0.0.1:PORT/coingecko/api/v3/...     CoinGecko's public API: /ping, /coins/markets,
                                                         /coins/list, /coins/{id}, /coins/{id}/market_chart,
                                                         /coins/{id}/ohlc, /search, /simple/price (User-Agent
                                                         required: 403 without one; x-cg-demo-api-key accepted)
          http://127.0.0.1:PORT/kraken/0/public/OHLC     Kraken's REST candles (LACRIPTA_KRAKEN_API_URL is
                                                         http://127.0.0.1:PORT/kraken)
          http://127.0.0.1:PORT/coinbase/products/P/candles
                                                         Coinbase Exchange's REST candles
                                                         (LACRIPTA_COINBASE_API_URL: .../coinbase)
          http://127.0.0.1:PORT/feeds/FEED.xml           RSS and Atom feeds with conditional GET (ETag,
                                                         Last-Modified, 304); FEED is one of
                                                         \(SimulatedFeed.allCases.map(\.rawValue).joined(separator: ", "))
        The lines printed at start name every URL.

        OPTIONS:
          --port N            REST port (default 0: pick a free one; the line printed at start names it)
          --data DIR          recorded responses (default: Resources/recorded from the current
                              directory, else from the executable's repository)
          --port-file PATH    also write the bound REST port to PATH
          --require-key KEY   answer requests without KEY like the real service (HTTP 401 without
                              a key, "You need a valid auth key" with a wrong one; on the stream,
                              TYPE 401 and a close unless "authorization: Apikey KEY" or ?api_key=KEY)
          --fault MODE        CryptoCompare misbehaves from the start: \(FaultMode.argumentNames.joined(separator: ", "))
          --control-port-file PATH
                              start a control port on 127.0.0.1 and write it to PATH: GET
                              /stream/drop, /stream/silence, /stream/close, /stream/refuse?count=N,
                              /stream/malformed, /rest/fault?mode=MODE[&count=N],
                              /exchange/fault?mode=MODE[&exchange=NAME], /exchange/drop,
                              /exchange/silence, /exchange/malformed, /stats (faults at run time)
          --recorded-times    keep the recorded timestamps of the news (2023) and the feeds (2026) (by
                              default they are moved so the newest item is a few minutes old and
                              relative dates read naturally)
          -h, --help          show this help

        COINGECKO AND FEEDS:
          --coingecko-fault MODE       CoinGecko misbehaves from the start: ratelimit[:SECONDS] (429 with
                                       Retry-After, default 119), ratelimit-bare (429 without it),
                                       cloudflare (403 HTML ban page), unavailable (503), slow:SECONDS, drop
          --feed-fault MODE[@FEED]     a feed (without @FEED: every feed) misbehaves: redirect (301 to
                                       /feeds/moved/FEED.xml), redirect-found (302, absolute), truncated
                                       (the document cut in half), billion-laughs (nested DTD entities),
                                       html (a web page), forbidden (403), down (503), drop; repeatable
          --feed-delay SECONDS[@FEED]  a feed (without @FEED: every feed) answers after SECONDS, e.g.
                                       --feed-delay 0.3 for eight feeds each 300 ms slow; repeatable

        STREAMER:
          --stream-port N             streamer port (default 0: pick a free one)
          --stream-port-file PATH     also write the bound streamer port to PATH
          --no-stream                 serve REST only
          --stream-seed N             seed of the random walk (default: random; same seed, same prices)
          --stream-rate N             updates per second per subscribed pair (default 2; 0: none)
          --stream-heartbeat SECONDS  TYPE 999 heartbeat period (default 30; 0: none)
          --stream-ping SECONDS       also send WebSocket pings this often
          --stream-max-sockets N      allow N sockets at once; the next gets 429 TOO_MANY_SOCKETS
          --stream-unauthorized       answer every socket with TYPE 401 and close
          --stream-too-many           answer every socket with TYPE 429 TOO_MANY_SOCKETS and close
          --stream-drop-after N       reset TCP after the Nth message on each socket
          --stream-drop-mid-frame     with --stream-drop-after: cut the connection inside a frame
          --stream-silent-after N     stop sending and answering after the Nth message (TCP stays open)
          --stream-force-disconnect N send 500 FORCE_DISCONNECT and close after the Nth message
          --stream-fragment[=SIZE]    split messages into SIZE-byte fragments (default 32) with pings between
          --flood N                   benchmark: after the first SubAdd's snapshots send N updates as
                                      fast as the socket takes them, then close (1000)

        EXCHANGES:
          --exchange-port N               first of the exchanges' ports, one each in the order of
                                          EXCHANGE below (default 0: free ones)
          --exchange-url-file PATH        also write "EXCHANGE URL" lines (coinbase ws://…) to PATH
          --no-exchanges                  serve no exchange feeds
          --exchange-seed N               seed of the shared walk (default: random; same seed, same prices)
          --exchange-rate N[@EXCHANGE]    updates per second per followed pair (default 3; 0: none;
                                          the benchmark uses 200); repeatable
          --exchange-fault MODE[@EXCHANGE]
                                          an exchange (without @EXCHANGE: all of them) misbehaves:
                                          drop[:N] (close TCP without a Close after N messages, default 10),
                                          silence[:N] (send and answer nothing after N, TCP open),
                                          unlisted[:PAIR] (refuse PAIR, default BTC-USD, in its own error
                                          shape), maintenance[:N] (its "please reconnect" notice after N,
                                          then close), malformed[:N] (a cut message before every Nth
                                          update, default 20), restricted (refuse every upgrade with
                                          Binance's HTTP 451, from the start), gap[:N] (skip a CEX.IO
                                          seqId before every Nth update, default 5); repeatable
          EXCHANGE is one of \(SimulatedExchange.allCases.map(\.rawValue).joined(separator: ", ")).

        Messages are counted per socket, the welcome included. Stops on SIGINT or SIGTERM with exit
        status 0.

        """

    /// Creates the defaults.
    public init() {}

    /// Parses arguments (without the program name); `--name value` and `--name=value` both work.
    public static func parse(_ arguments: [String]) throws(SimulatorUsageError) -> SimulatorCommandLine {
        var result = SimulatorCommandLine()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--help" || argument == "-h" {
                result.showHelp = true
                continue
            }
            if argument == "--recorded-times" {
                result.recordedTimes = true
                continue
            }
            if result.setStreamSwitch(argument) || result.setExchangeSwitch(argument) { continue }
            guard argument.hasPrefix("--") else { throw SimulatorUsageError(message: "unexpected argument") }
            let name: String
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else {
                name = argument
            }
            func value() throws(SimulatorUsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw SimulatorUsageError(message: "\(name) needs a value") }
                return next
            }
            switch name {
            case "--port": result.port = try port(try value(), option: name)
            case "--stream-port": result.streamPort = try port(try value(), option: name)
            case "--data": result.dataDirectory = try value()
            case "--port-file": result.portFile = try value()
            case "--control-port-file": result.controlPortFile = try value()
            case "--require-key":
                guard let key = RequiredAPIKey(try value()) else {
                    throw SimulatorUsageError(message: "--require-key needs a non-empty key")
                }
                result.requiredKey = key
            case "--fault":
                guard let fault = FaultMode(argument: try value()) else {
                    throw SimulatorUsageError(
                        message: "unknown --fault mode; use one of: \(FaultMode.argumentNames.joined(separator: ", "))")
                }
                result.fault = fault
            case "--stream-port-file": result.streamPortFile = try value()
            default:
                if try result.parseStreamOption(name, value: value) { continue }
                if try result.parseExchangeOption(name, value: value) { continue }
                guard try result.parseKeylessOption(name, value: value) else {
                    throw SimulatorUsageError(message: "unknown option \(name.prefix(40))")
                }
            }
        }
        return result
    }

    private static func port(_ text: String, option: String) throws(SimulatorUsageError) -> UInt16 {
        guard let port = UInt16(text) else { throw SimulatorUsageError(message: "\(option) needs a number from 0 to 65535") }
        return port
    }
}
