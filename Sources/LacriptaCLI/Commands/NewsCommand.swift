import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta news [COIN]`: news for a coin (or the latest overall), as a list, one article, JSON,
/// or shared to a file.
struct NewsCommand: Command {
    static let configuration = CommandConfiguration(
        name: "news",
        abstract: "news for a coin, or the latest crypto news",
        usage: "[COIN] [options]",
        discussion: """
            COIN is a ticker or a name in any case (ETH, ethereum, Ethereum). With a CryptoCompare key the
            news comes from CryptoCompare (names resolved through its news categories and toplist);
            without one, from the RSS and Atom feeds of crypto news outlets (CoinDesk, Cointelegraph,
            Decrypt, The Block, or LACRIPTA_NEWS_FEEDS), fetched at once, merged and de-duplicated, and
            filtered to the coin by its ticker and name. A feed that fails is named on stderr and the
            others are shown. Without COIN, the latest news of all coins.
            --show N prints article N of the list as numbered with the same --sort (and --seed).
            --share PATH writes what would be shown to a file: Markdown by default, JSON for .json, plain
            text for .txt, '-' for standard output. The file is written atomically and never overwritten
            unless --force is given.
            """,
        options: [
            .option("sort", value: "ORDER", choices: NewsOrder.allCases.map(\.rawValue), help: "latest (default), oldest or random"),
            .option("seed", value: "N", help: "seed for --sort random, for a reproducible order"),
            .option("limit", short: "n", value: "N", help: "how many articles, 1-100 (default 20)"),
            .option("show", value: "N", help: "show article N of the list in full"),
            .option("share", value: "PATH", path: true, help: "write the list (or the --show article) to PATH (.md, .json, .txt, or -)"),
            .flag("force", short: "f", help: "with --share: overwrite an existing file"),
            .flag("json", help: "print JSON (fields: see docs/json.md) instead of text"),
            SourceOption.spec,
        ],
        examples: [
            ("lacripta news ethereum", "the latest Ethereum news"),
            ("lacripta news ETH --sort oldest -n 5", "the five oldest of the current ETH articles"),
            ("lacripta news btc --sort random --seed 7", "a reproducible shuffle"),
            ("lacripta news eth --show 2", "article 2 in full: source, dates, URL, tags, body"),
            ("lacripta news eth --show 2 --share ~/eth.md", "save that article as Markdown"),
            ("lacripta news --json", "the latest news of all coins, as JSON"),
            ("lacripta news bitcoin --source public", "Bitcoin news from the outlets' feeds, no key needed"),
        ]
    )

    let coin: String?
    let order: NewsOrder
    let seed: UInt64?
    let limit: Int
    let show: Int?
    let sharePath: String?
    let force: Bool
    let json: Bool
    /// Where the news comes from, `auto` decided.
    let provider: DataProvider

    init(arguments: ParsedArguments, context: Context) throws {
        guard arguments.positionals.count <= 1 else { throw ParseError.unexpectedArgument(arguments.positionals[1]) }
        coin = arguments.positionals.first
        if let coin, coin.trimmingCharacters(in: .whitespaces).isEmpty { throw ParseError.missingArgument("COIN (got an empty name)") }
        order = arguments.string("sort").flatMap(NewsOrder.init(rawValue:)) ?? .latest
        if let text = arguments.string("seed") {
            guard let value = UInt64(text) else {
                throw ParseError.invalidValue(option: "seed", value: text, expected: "a whole number from 0 to \(UInt64.max)")
            }
            seed = value
        } else {
            seed = nil
        }
        limit = try arguments.integer("limit", in: 1...100) ?? 20
        show = try arguments.integer("show", in: 1...100)
        sharePath = arguments.string("share")
        force = arguments.has("force")
        json = arguments.has("json")
        provider = context.provider(SourceOption.choice(in: arguments))
        if seed != nil && order != .random { throw ParseError.conflict("--seed only applies to --sort random") }
        if show != nil && order == .random && seed == nil {
            throw ParseError.conflict("--show with --sort random needs --seed, so the numbering is the one you saw")
        }
        if force && sharePath == nil { throw ParseError.conflict("--force only applies to --share") }
        if json && sharePath != nil { throw ParseError.conflict("--json and --share cannot be combined (share to a .json file instead)") }
    }

    func run(in context: Context) async throws -> ExitCode {
        let source = context.newsSource(provider)
        var topic: NewsTopic?
        if let coin { topic = try await resolve(coin, in: source, context: context) }
        let batch = try await source.news(about: topic)
        for problem in batch.problems { context.printError(StyledText("warning: \(Sanitizer.singleLine(problem))", style: .yellow)) }
        context.reportOffline(fetchedAt: batch.fetchedAt, reason: batch.offlineReason)
        var generator: any RandomNumberGenerator = seed.map { SplitMix64(seed: $0) } ?? SystemRandomNumberGenerator()
        let articles = Array(order.apply(to: batch.articles, using: &generator).prefix(limit))
        let presenter = NewsPresenter(now: context.now(), width: context.stdoutCapabilities.width)
        let label = topic?.symbol ?? "all coins"
        if let show {
            guard show <= articles.count else {
                throw LacriptaError.usage("--show \(show): the list has \(articles.count) article\(articles.count == 1 ? "" : "s")")
            }
            let article = articles[show - 1]
            if let sharePath {
                return try share(
                    presenter.document(article, format: ShareFormat(path: sharePath)), to: sharePath, what: "the article", context: context)
            }
            if json { try context.printRaw(try presenter.json([article])) } else { try context.print(presenter.detail(article)) }
            return .success
        }
        if let sharePath {
            let document = presenter.document(articles, title: "News: \(label)", format: ShareFormat(path: sharePath))
            return try share(document, to: sharePath, what: "\(articles.count) article\(articles.count == 1 ? "" : "s")", context: context)
        }
        if json {
            try context.printRaw(try presenter.json(articles))
        } else if articles.isEmpty {
            context.printError(StyledText("No news for \(label) right now."))
        } else {
            try context.print(presenter.list(articles) + [StyledText("News from \(Sanitizer.singleLine(batch.attribution))", style: .secondary)])
        }
        return .success
    }

    /// The coin to ask about, or an unknown-coin error naming the input; how it was chosen, when
    /// that is worth knowing, goes to stderr.
    private func resolve(_ input: String, in source: any NewsSource, context: Context) async throws -> NewsTopic {
        guard let topic = try await source.topic(for: input, knownCoins: []) else {
            let known = provider == .cryptoCompare ? "not a news category or a top-100 coin" : "no coin CoinGecko lists has that ticker or name"
            throw LacriptaError.unknownSymbol(Sanitizer.singleLine(input), detail: "\(known); try its ticker, e.g. ETH or BTC")
        }
        if let note = topic.note { context.printError(StyledText("note: \(Sanitizer.singleLine(note))", style: .secondary)) }
        return topic
    }

    /// Writes `document` to `path` (or stdout for `-`) and confirms on stdout.
    private func share(_ document: String, to path: String, what: String, context: Context) throws -> ExitCode {
        if path == "-" {
            try context.printRaw(document)
            return .success
        }
        let written = try ShareWriter.write(document, to: path, force: force, home: context.environment["HOME"])
        try context.printRaw("Shared \(what) to \(written)\n")
        return .success
    }
}
