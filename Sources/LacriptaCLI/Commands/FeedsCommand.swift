import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta feeds`: the news feeds read without a key, kept in a hand-editable list; add, remove,
/// and move them in and out as OPML.
struct FeedsCommand: Command {
    static let configuration = CommandConfiguration(
        name: "feeds",
        abstract: "the news feeds you read: list, add, remove, import and export OPML",
        usage: "[add URL | rm NAME | import FILE | export] [options]",
        discussion: """
            The list is $XDG_CONFIG_HOME/lacripta/feeds (default ~/.config/lacripta/feeds), one feed per
            line in newsboat's urls format: the address, then "~Name" and tags in quotes. Edit it by hand
            if you like. Until it exists the default outlets are read; the first change writes them into
            it. LACRIPTA_NEWS_FEEDS and news_feeds still replace the list when set. `import` reads OPML
            1.0 or 2.0 (from any reader): each address once, folders kept as tags (IT, IT/Programming);
            `export` writes OPML 2.0 on standard output. The list shows each feed's name, address, tags,
            how many of its articles your news archive holds, when `news` last fetched it and the last
            error it gave (kept until a fetch succeeds).
            """,
        options: [
            .option("name", value: "NAME", help: "with add: the name news shows for the feed"),
            .flag("json", help: "print the list as JSON (name, url, tags, articles, fetched, error, errorAt)"),
        ],
        examples: [
            ("lacripta feeds", "the feeds: addresses, articles held, last fetched, last error"),
            ("lacripta feeds add https://bitcoinmagazine.com/.rss/full/", "read one more outlet (--name \"Bitcoin Magazine\" names it)"),
            ("lacripta feeds rm Decrypt", "stop reading a feed (by name or address)"),
            ("lacripta feeds import ~/subscriptions.opml", "bring your feeds from another reader"),
            ("lacripta feeds export > feeds.opml", "take them to another reader"),
        ],
        positionalChoices: ["add", "rm", "import", "export"],
        subcommands: [
            Subcommand(name: "add", abstract: "add a feed", usage: "URL [--name NAME]"),
            Subcommand(name: "rm", abstract: "remove a feed by name or address", usage: "NAME|URL"),
            Subcommand(name: "import", abstract: "add the feeds of an OPML file", usage: "FILE.opml"),
            Subcommand(name: "export", abstract: "write the feeds as OPML 2.0 on standard output", usage: ""),
        ]
    )

    /// What to do.
    enum Action: Equatable {
        case list, export
        case add(String)
        case remove(String)
        case importFile(String)
    }

    let action: Action
    let name: String?
    let json: Bool

    init(arguments: ParsedArguments, context: Context) throws {
        name = arguments.string("name")
        json = arguments.has("json")
        let values = arguments.positionals
        switch arguments.subcommand {
        case nil:
            if let first = values.first {
                let suggestion = EditDistance.suggestion(for: first, among: Self.configuration.subcommands.map(\.name))
                throw ParseError.unknownCommand("feeds \(first)", suggestion: suggestion.map { "feeds \($0)" })
            }
            action = .list
        case "export":
            guard values.isEmpty else { throw ParseError.unexpectedArgument(values[0]) }
            action = .export
        case let command?:
            guard let value = values.first else { throw ParseError.missingArgument(command == "import" ? "FILE" : command == "add" ? "URL" : "NAME") }
            guard values.count == 1 else { throw ParseError.unexpectedArgument(values[1]) }
            switch command {
            case "add": action = .add(value)
            case "rm": action = .remove(value)
            case "import": action = .importFile(value)
            default: throw ParseError.unexpectedArgument(command)
            }
        }
        if name != nil, case .add = action {} else if name != nil { throw ParseError.conflict("--name only applies to feeds add") }
        if json && action != .list { throw ParseError.conflict("--json only applies to the list (lacripta feeds --json)") }
    }

    func run(in context: Context) async throws -> ExitCode {
        let file = FeedListFile(environment: context.environment)
        switch action {
        case .list: return try list(file.read() ?? FeedListFile.defaults, context: context)
        case .export:
            let feeds = (try file.read() ?? FeedListFile.defaults).feeds
            try context.printRaw(OPMLWriter.document(feeds, now: context.now()))
        case .add(let address):
            guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                throw LacriptaError.usage("feeds add: \(Sanitizer.singleLine(address)) is not an http or https address")
            }
            let added = try file.update { $0.add(OPMLFeed(url: address, title: name)) }
            try context.printRaw(
                added ? "Added \(Sanitizer.singleLine(address)) to \(file.path)\n" : "Already in your feeds: \(Sanitizer.singleLine(address))\n")
        case .remove(let reference):
            let removed = try file.update { $0.remove(reference) }
            guard removed > 0 else {
                throw LacriptaError.usage("feeds rm: no feed named \(Sanitizer.singleLine(reference)) (lacripta feeds lists them)")
            }
            try context.printRaw("Removed \(Sanitizer.singleLine(reference)) from \(file.path)\n")
        case .importFile(let path):
            let expanded = path.hasPrefix("~/") ? (context.environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst() : path
            guard let data = FileManager.default.contents(atPath: expanded) else {
                throw LacriptaError.io("cannot read \(Sanitizer.singleLine(expanded)): check the path and its permissions")
            }
            let feeds: [OPMLFeed]
            do {
                feeds = try OPMLReader.read(data)
            } catch {
                throw LacriptaError.unreadableFile(expanded, line: error.line, error.message)
            }
            let added = try file.update { list in feeds.filter { list.add($0) }.count }
            try context.printRaw(
                "Imported \(added) of \(feeds.count) feed\(feeds.count == 1 ? "" : "s") into \(file.path)\(added < feeds.count ? " (the others were there already)" : "")\n"
            )
        }
        return .success
    }

    /// The list: name, address, tags, articles held in the archive, when last fetched and the
    /// last error.
    private func list(_ list: FeedList, context: Context) throws -> ExitCode {
        let archive = try? context.openArchive()
        // Each feed's articles are stored under the name news shows for it, its status under its address.
        let outlets = list.feeds.map { FeedListFile.outlets(FeedList(feeds: [$0])).first }
        let held: [Int] = outlets.map { outlet in outlet.map { (try? archive?.count(outlet: $0.name)) ?? 0 } ?? 0 }
        let statuses: [FeedStatus] = outlets.map { outlet in
            outlet.flatMap { try? archive?.feedStatus(url: $0.url.absoluteString) } ?? FeedStatus()
        }
        if json {
            let items = zip(zip(list.feeds, held), statuses).map { pair, status in
                let (feed, count) = pair
                return [
                    "name": Sanitizer.singleLine(feed.title ?? ""), "url": Sanitizer.singleLine(feed.url),
                    "tags": feed.tags.map(Sanitizer.singleLine), "articles": count,
                    "fetched": status.fetchedAt.map { JSONOutput.iso8601($0) as Any } ?? NSNull(),
                    "error": status.error.map { Sanitizer.singleLine($0) as Any } ?? NSNull(),
                    "errorAt": status.errorAt.map { JSONOutput.iso8601($0) as Any } ?? NSNull(),
                ] as [String: Any]
            }
            let data = try JSONSerialization.data(withJSONObject: items, options: [.prettyPrinted, .sortedKeys])
            try context.printRaw(String(decoding: data, as: UTF8.self) + "\n")
            return .success
        }
        var lines: [StyledText] = []
        let ago = RelativeDateFormatter(now: context.now())
        for ((feed, count), status) in zip(zip(list.feeds, held), statuses) {
            let title = Sanitizer.singleLine(feed.title ?? FeedOutlet.name(forHost: URL(string: feed.url) ?? URL(fileURLWithPath: "/")))
            let fetched = status.fetchedAt.map { " · fetched \(ago.string(for: $0))" } ?? " · not fetched yet"
            lines.append(
                StyledText(title, style: .bold) + StyledText("  \(count) article\(count == 1 ? "" : "s") held\(fetched)", style: .secondary))
            let tags = feed.tags.isEmpty ? "" : "  [" + feed.tags.map(Sanitizer.singleLine).joined(separator: ", ") + "]"
            lines.append(StyledText("  " + Sanitizer.singleLine(feed.url) + tags, style: .secondary))
            if let error = status.error {
                let when = status.errorAt.map { " " + ago.string(for: $0) } ?? ""
                lines.append(StyledText("  last error\(when): \(Sanitizer.singleLine(error))", style: .warning))
            }
        }
        if context.configuration.newsFeeds != nil {
            lines.append(StyledText("note: LACRIPTA_NEWS_FEEDS or news_feeds is set and replaces this list", style: .warning))
        }
        try context.print(lines)
        return .success
    }
}
