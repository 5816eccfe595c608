import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta live SYMBOL...`: live prices over CryptoCompare's streamer, or exchanges' public tickers without a key.
struct LiveCommand: Command {
    static let configuration = CommandConfiguration(
        name: "live",
        abstract: "live prices: CryptoCompare's streamer with a key, exchanges' public feeds without",
        usage: "SYMBOL... [options]",
        discussion: """
            With a CryptoCompare key, subscribes to the CCCAGG aggregate index of each SYMBOL in the quote
            currency over CryptoCompare's streamer. Without one (or with --source public), streams each
            pair from Coinbase's public ticker, or from Kraken's where Coinbase does not list it; with
            --market NAME (key or not) from that exchange alone. The market column names the exchange, and the change is measured from the exchange's 24-hour
            open (labelled so). On a terminal a table is redrawn in place (price, change, high/low, age of
            the last tick) with a status line: LIVE, CONNECTING, RECONNECTING (attempt N, next in S s) or
            STALE. Off a terminal each update is one line; --json prints one JSON object per update
            (fields: see docs/json.md). A dropped or silent connection is re-opened with backoff and every
            pair subscribed again; an exchange that accepts the connection and sends nothing is named
            after a few seconds. Exits 69 when the prices cannot be reached (the fallback exchange
            included) or --duration passes without a single update. Ctrl-C closes the connection cleanly. The streamer allows one
            connection per account; `lacripta compare` shows one coin on several exchanges side by side.
            """,
        options: [
            .option("currency", short: "c", value: "CODE", help: "quote currency: USD (default), EUR, GBP, BTC, ..."),
            .option("market", value: "EXCHANGE", help: "that exchange's own public prices (no key needed), not CryptoCompare's index"),
            .flag("json", help: "one JSON object per update (NDJSON)"),
            .option("count", value: "N", help: "exit after N updates"),
            .option("duration", value: "SECONDS", help: "exit after SECONDS"),
            SourceOption.spec,
        ],
        examples: [
            ("lacripta live BTC ETH", "live Bitcoin and Ether prices in USD"),
            ("lacripta live btc --currency EUR", "Bitcoin in euros"),
            ("lacripta live BTC ETH --json --count 100 | jq .price", "the next 100 updates, for scripts"),
            ("lacripta live SOL --duration 60", "watch Solana for a minute"),
            ("lacripta live BTC --market kraken", "Kraken's own price of Bitcoin"),
        ]
    )

    let subscriptions: [Subscription]
    let currency: String
    let json: Bool
    let count: Int?
    let duration: Int?
    /// Where the prices come from, `auto` decided.
    let provider: DataProvider
    /// The one exchange --market named; nil for the streamer's index, or Coinbase else Kraken.
    let market: Exchange?

    /// Whether prices come from exchanges' public tickers (no CryptoCompare key, or --market)
    /// rather than the streamer.
    var isKeyless: Bool { provider != .cryptoCompare || market != nil }

    /// Where keyless prices come from, in the user's words.
    var exchangeOrigin: String {
        market.map { $0.name } ?? "\(Exchange.coinbase.name), else \(Exchange.kraken.name)"
    }

    init(arguments: ParsedArguments, context: Context) throws {
        guard !arguments.positionals.isEmpty else { throw ParseError.missingArgument("SYMBOL (e.g. lacripta live BTC ETH)") }
        currency = try TopCommand.currency(arguments.string("currency") ?? context.configuration.defaultCurrency)
        var seen = Set<String>()
        var subscriptions: [Subscription] = []
        for symbol in arguments.positionals {
            let upper = symbol.uppercased()
            guard (1...15).contains(upper.count), upper.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
                let subscription = Subscription.aggregate(from: upper, to: currency)
            else {
                throw ParseError.invalidArgument(name: "SYMBOL", value: Sanitizer.singleLine(symbol), expected: "a ticker such as BTC or ETH")
            }
            if seen.insert(upper).inserted { subscriptions.append(subscription) }
        }
        json = arguments.has("json")
        count = try arguments.integer("count", in: 1...Int.max)
        duration = try arguments.integer("duration", in: 1...Int(Int32.max))
        provider = context.provider(SourceOption.choice(in: arguments))
        market = try Exchange.named(arguments.string("market"), among: Exchange.allCases, option: "--market")
        if provider == .cryptoCompare && market == nil {
            self.subscriptions = subscriptions
        } else {
            // Without a key each pair is a ticker on an exchange: Coinbase first (see `ExchangePriceFeed`).
            let market = market ?? .coinbase
            self.subscriptions = subscriptions.compactMap {
                Subscription(channel: Subscription.tickerChannel, market: market.name, from: $0.from, to: $0.to)
            }
        }
    }

    func run(in context: Context) async throws -> ExitCode {
        return try await LiveSession(command: self, context: context).run()
    }
}
