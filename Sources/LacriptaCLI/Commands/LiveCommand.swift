import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta live SYMBOL...`: live prices over CryptoCompare's streamer.
struct LiveCommand: Command {
    static let configuration = CommandConfiguration(
        name: "live",
        abstract: "live prices over CryptoCompare's WebSocket streamer",
        usage: "SYMBOL... [options]",
        discussion: """
            Subscribes to the CCCAGG aggregate index of each SYMBOL in the quote currency and merges the
            partial updates the streamer sends. On a terminal a table is redrawn in place (price, change
            since the day's open, day high/low, age of the last tick) with a status line: LIVE,
            CONNECTING, RECONNECTING (attempt N, next in S s) or STALE. Off a terminal each update is one
            line; --json prints one JSON object per update (fields: see docs/json.md). The connection is
            re-opened with backoff when it drops, and every pair is subscribed again. Ctrl-C closes
            the connection cleanly. The streamer needs a CryptoCompare key (one streaming connection per
            account); without one, `lacripta top --watch` and the full-screen view show prices from
            CoinGecko.
            """,
        options: [
            .option("currency", short: "c", value: "CODE", help: "quote currency: USD (default), EUR, GBP, BTC, ..."),
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
        ]
    )

    let subscriptions: [Subscription]
    let currency: String
    let json: Bool
    let count: Int?
    let duration: Int?
    /// Where the prices come from, `auto` decided.
    let provider: DataProvider

    /// Why `live` cannot run on the public sources yet, and what works instead.
    static let needsKey = LacriptaError.keyRefused(
        "live prices come from CryptoCompare's streamer, which needs a key: set \(EnvironmentKey.apiKey.rawValue) (or `api_key`), "
            + "or without one use `lacripta top --watch` or the full-screen view (`lacripta`) for prices refreshed from CoinGecko.")

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
        self.subscriptions = subscriptions
        json = arguments.has("json")
        count = try arguments.integer("count", in: 1...Int.max)
        duration = try arguments.integer("duration", in: 1...Int(Int32.max))
        provider = context.provider(SourceOption.choice(in: arguments))
    }

    func run(in context: Context) async throws -> ExitCode {
        guard provider == .cryptoCompare else { throw Self.needsKey }
        return try await LiveSession(command: self, context: context).run()
    }
}
