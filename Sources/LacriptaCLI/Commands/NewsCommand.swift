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
            --following shows the news about your favourites and holdings together (lacripta fav add,
            lacripta holdings set), each line saying which of your coins it is about. Newer articles come
            first, but one about several of your coins, or about a coin you hold, rises: each such reason
            counts as two hours newer. --sort latest, oldest or random replaces that ranking.
            --page N reaches older news: page 1 is the latest answer, each further page the source's next
            older one (CryptoCompare pages back by time, about 50 articles a page). The outlets' feeds hold
            only their latest articles, so without a key there is one page, and stderr says so. --before DATE
            starts from articles published before DATE (YYYY-MM-DD, or a time such as 2026-11-20T08:00Z;
            UTC). --sort and --limit apply within the page.
            --category NAME keeps articles in that category (CryptoCompare's TRADING, REGULATION, a
            ticker; a feed's own categories and tags). --outlet NAME keeps one outlet's articles (CoinDesk,
            decrypt): it is not called --source because --source already picks where the data comes from.
            --categories lists the categories and outlets these take.
            Every article fetched is kept in the news archive ($XDG_DATA_HOME/lacripta/news.sqlite) for
            news_keep_days (default 90; saved and rated ones for ever). Lists mark unread articles with •,
            show each one's short id (for lacripta article) and say how many are new since you last
            looked. --unread keeps the unread ones. --saved, --to-rate (read, not yet rated) and
            --search TEXT (every word, in titles and text, best match first) read the archive alone,
            with no network; COIN (as a ticker), --outlet, --category, --before and --unread narrow them.
            """,
        options: [
            .option("sort", value: "ORDER", choices: NewsOrder.allCases.map(\.rawValue), help: "latest (default), oldest or random"),
            .option("seed", value: "N", help: "seed for --sort random, for a reproducible order"),
            .option("limit", short: "n", value: "N", help: "how many articles, 1-100 (default 20)"),
            .option("show", value: "N", help: "show article N of the list in full"),
            .option("share", value: "PATH", path: true, help: "write the list (or the --show article) to PATH (.md, .json, .txt, or -)"),
            .flag("force", short: "f", help: "with --share: overwrite an existing file"),
            .flag("json", help: "print JSON (fields: see docs/json.md) instead of text"),
            .flag("following", help: "news about your favourites and holdings, ranked for you"),
            .option("page", value: "N", help: "older news: page N of the source's, 1-\(maximumPage) (default 1, the latest)"),
            .option("before", value: "DATE", help: "only articles published before DATE (YYYY-MM-DD or an RFC 3339 time, UTC)"),
            .option("category", value: "NAME", help: "only articles in category NAME (see --categories)"),
            .option("outlet", value: "NAME", help: "only articles from outlet NAME (--source picks the data source, not the outlet)"),
            .flag("categories", help: "list the categories and outlets --category and --outlet take"),
            SourceOption.spec,
        ] + NewsArchiveRequest.options,
        examples: [
            ("lacripta news ethereum", "the latest Ethereum news"),
            ("lacripta news ETH --sort oldest -n 5", "the five oldest of the current ETH articles"),
            ("lacripta news btc --sort random --seed 7", "a reproducible shuffle"),
            ("lacripta news eth --show 2", "article 2 in full: source, dates, URL, tags, body"),
            ("lacripta news eth --show 2 --share ~/eth.md", "save that article as Markdown"),
            ("lacripta news --json", "the latest news of all coins, as JSON"),
            ("lacripta news bitcoin --source public", "Bitcoin news from the outlets' feeds, no key needed"),
            ("lacripta news --following", "news about your favourites and holdings"),
            ("lacripta news eth --page 2", "the next older page of Ethereum news"),
            ("lacripta news --category regulation --outlet coindesk", "CoinDesk's articles on regulation"),
            ("lacripta news --categories", "the categories and outlets to filter by"),
        ] + archiveExamples
    )

    /// The deepest page `--page` reaches: each page is one more request.
    static let maximumPage = 20

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
    /// `--following`: the user's coins instead of `coin`.
    let following: Bool
    /// Whether `--sort` was given (with `--following` it replaces the ranking).
    let sortGiven: Bool
    /// `--page`, 1 when not given.
    let page: Int
    /// `--before`, parsed.
    let before: Date?
    /// `--category`.
    let category: String?
    /// `--outlet`.
    let outlet: String?
    /// `--categories`: list instead of news.
    let listDirectory: Bool
    /// What the archive is asked for (`--unread`, `--saved`, `--to-rate`, `--search`).
    let archiveRequest: NewsArchiveRequest

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
        following = arguments.has("following")
        sortGiven = arguments.string("sort") != nil
        page = try arguments.integer("page", in: 1...Self.maximumPage) ?? 1
        if let text = arguments.string("before") {
            guard let date = InternetDate.rfc3339(text) else {
                throw ParseError.invalidValue(
                    option: "before", value: text, expected: "a date such as 2026-11-20 or a time such as 2026-11-20T08:00Z")
            }
            before = date
        } else {
            before = nil
        }
        category = try Self.nonEmpty(arguments, "category")
        outlet = try Self.nonEmpty(arguments, "outlet")
        listDirectory = arguments.has("categories")
        archiveRequest = try NewsArchiveRequest(arguments)
        if following && coin != nil { throw ParseError.conflict("--following shows your own coins; give no COIN with it") }
        if listDirectory {
            let others = ["following", "page", "before", "category", "outlet", "show", "share", "sort", "limit"].filter(arguments.has)
            if coin != nil || !others.isEmpty {
                throw ParseError.conflict("--categories lists categories and outlets; it takes no \(others.first.map { "--\($0)" } ?? "COIN")")
            }
        }
    }

    /// The value of `name`, which must not be blank when given.
    private static func nonEmpty(_ arguments: ParsedArguments, _ name: String) throws -> String? {
        guard let text = arguments.string(name) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw ParseError.invalidValue(option: name, value: text, expected: "a name") }
        return trimmed
    }

    func run(in context: Context) async throws -> ExitCode {
        if archiveRequest.isOffline { return try runArchiveList(context: context) }
        let source = context.newsSource(provider)
        if listDirectory { return try await printDirectory(of: source, context: context) }
        var query = NewsQuery(category: category, outlet: outlet, before: before)
        var followed: [FollowedCoin] = []
        if following {
            followed = try await followedCoins(in: source, context: context)
            guard !followed.isEmpty else {
                if json { try context.printRaw("[]\n") }
                context.printError(StyledText(Self.nothingFollowedMessage))
                return .success
            }
            query.topics = followed.map { NewsTopic(symbol: $0.symbol, name: $0.name) }
        } else if let coin {
            query.topics = [try await resolve(coin, in: source, context: context)]
        }
        // For you: the followed coins name what each article is about, without narrowing the query.
        if archiveRequest.forYou { followed = try await followedCoins(in: source, context: context) }
        let fetched = try await source.page(page, of: query)
        let batch = fetched.batch
        for problem in batch.problems { context.printError(StyledText("warning: \(Sanitizer.singleLine(problem))", style: .warning)) }
        context.reportOffline(fetchedAt: batch.fetchedAt, reason: batch.offlineReason)
        notePaging(fetched, context: context)
        var generator: any RandomNumberGenerator = seed.map { SplitMix64(seed: $0) } ?? SystemRandomNumberGenerator()
        var items: [FollowedArticle]
        if following || archiveRequest.forYou {
            let matched = FollowedNews.match(batch.articles, following: followed)
            items = sortGiven ? order.apply(to: matched, article: \.article, using: &generator) : FollowedNews.rank(matched)
            if archiveRequest.forYou { items = Self.withCoins(batch.articles, following: followed) }
        } else {
            items = order.apply(to: batch.articles, using: &generator).map { FollowedArticle(article: $0, coins: [], isAboutHeldCoin: false) }
        }
        let archived = storeFetched(batch.articles, items: items, topics: query.topics, context: context)
        var marks = archived?.marks
        if archiveRequest.unread, let all = marks {
            let kept = all.indices.filter { all[$0]?.isRead != true }
            items = kept.map { items[$0] }
            marks = kept.map { all[$0] }
        }
        var why: [[String]]?
        if archiveRequest.forYou, let archive = archived?.archive, let current = marks {
            (items, marks, why) = try rankForYou(items, marks: current, followed: followed, archive: archive, context: context)
        }
        let shown = Array(items.prefix(limit))
        let shownMarks = marks.map { Array($0.prefix(limit)) }
        let articles = shown.map(\.article)
        let about = following ? shown.map { Self.about($0, in: followed) } : nil
        let presenter = NewsPresenter(now: context.now(), width: context.stdoutCapabilities.width)
        let label = following ? "your coins" : query.topics.first?.symbol ?? "all coins"
        if let show {
            guard show <= articles.count else {
                throw LacriptaError.usage("--show \(show): the list has \(articles.count) article\(articles.count == 1 ? "" : "s")")
            }
            let article = articles[show - 1]
            if let sharePath {
                return try share(
                    presenter.document(article, format: ShareFormat(path: sharePath)), to: sharePath, what: "the article", context: context)
            }
            let coins = following ? [shown[show - 1].coins] : nil
            let mark = markShownRead(shownMarks?[show - 1], in: archived?.archive, context: context)
            if json {
                try context.printRaw(try presenter.json([article], coins: coins, marks: mark.map { [$0] }))
            } else {
                try context.print(presenter.detail(article, about: about?[show - 1], mark: mark))
            }
            return .success
        }
        if let sharePath {
            let document = presenter.document(articles, title: "News: \(label)", format: ShareFormat(path: sharePath))
            return try share(document, to: sharePath, what: "\(articles.count) article\(articles.count == 1 ? "" : "s")", context: context)
        }
        defer { recordLook(shownMarks, in: archived?.archive, context: context) }
        if json {
            try context.printRaw(
                try presenter.json(articles, coins: following ? shown.map(\.coins) : nil, marks: shownMarks, why: why.map { Array($0.prefix(limit)) })
            )
        } else if articles.isEmpty {
            context.printError(
                StyledText("No news for \(label)" + (page > 1 ? " on page \(page)." : before != nil ? " before that date." : " right now.")))
        } else {
            try context.print(
                presenter.list(articles, about: about, marks: shownMarks, reasons: why.map { Array($0.prefix(limit)) })
                    + newCountLines(shownMarks, in: archived?.archive, context: context)
                    + [StyledText("News from \(Sanitizer.singleLine(batch.attribution))", style: .secondary)])
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
    func share(_ document: String, to path: String, what: String, context: Context) throws -> ExitCode {
        if path == "-" {
            try context.printRaw(document)
            return .success
        }
        let written = try ShareWriter.write(document, to: path, force: force, home: context.environment["HOME"])
        try context.printRaw("Shared \(what) to \(written)\n")
        return .success
    }
}
