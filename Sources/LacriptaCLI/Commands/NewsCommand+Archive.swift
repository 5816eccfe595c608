import Foundation
import LacriptaCore
import LacriptaTerminal

/// `news` and the archive: every fetched article stored, lists marked, and the offline lists
/// (`--saved`, `--to-rate`, `--search`).
extension NewsCommand {
    /// Examples for the archive's options.
    static let archiveExamples: [(String, String)] = [
        ("lacripta news --unread", "the latest news you have not read yet"),
        ("lacripta news --search \"staking yield\"", "search every article kept, offline"),
        ("lacripta news eth --saved", "the Ethereum articles you saved"),
        ("lacripta news --to-rate", "what you read and have not rated (lacripta article REF --rate 1-5)"),
    ]

    /// Stores everything fetched and returns the archive with the marks of `items`, in order; nil
    /// (after one note on stderr) when the archive cannot be used.
    func storeFetched(
        _ fetched: [NewsArticle], items: [FollowedArticle], topics: [NewsTopic], context: Context
    ) -> (
        archive: ArticleArchive, marks: [ArchivedArticle?]
    )? {
        guard let archive = context.archiveIfAvailable() else { return nil }
        let source: ArchiveSource = provider == .cryptoCompare ? .cryptoCompare : .feeds
        // A one-coin query's articles are all about that coin; --following knows each one's coins.
        var coins: [String: [String]] = [:]
        for item in items where !item.coins.isEmpty { coins[ArticleArchive.key(item.article, source: source)] = item.coins }
        let topicCoins = topics.count == 1 ? topics.map(\.symbol) : []
        do {
            let stored = try archive.store(
                fetched, from: source, coins: fetched.map { coins[ArticleArchive.key($0, source: source)] ?? topicCoins }, now: context.now())
            var byKey: [String: ArchivedArticle] = [:]
            for (article, record) in zip(fetched, stored) { byKey[ArticleArchive.key(article, source: source)] = record }
            return (archive, items.map { byKey[ArticleArchive.key($0.article, source: source)] })
        } catch {
            context.printError(StyledText("note: news shown without read marks: \(Sanitizer.singleLine(error.userMessage))", style: .warning))
            return nil
        }
    }

    /// Marks the article shown in full as read, returning its marks as they now are.
    func markShownRead(_ record: ArchivedArticle?, in archive: ArticleArchive?, context: Context) -> ArchivedArticle? {
        guard var record, let archive else { return record }
        do {
            try archive.set(.read(true), ref: record.ref, now: context.now())
            record.readAt = record.readAt ?? context.now()
        } catch {
            context.printError(StyledText("note: not marked read: \(Sanitizer.singleLine(error.userMessage))", style: .warning))
        }
        return record
    }

    /// Remembers the list just shown: its order (for `lacripta article N`) and the time, which
    /// ends what counts as new.
    func recordLook(_ marks: [ArchivedArticle?]?, in archive: ArticleArchive?, endsNew: Bool = true, context: Context) {
        guard let archive, let marks else { return }
        do {
            try archive.recordLook(at: endsNew ? context.now() : nil, refs: marks.map { $0?.ref ?? "-" })
        } catch {
            context.printError(StyledText("note: \(Sanitizer.singleLine(error.userMessage))", style: .warning))
        }
    }

    /// "7 new since 2 hours ago · 12 unread" over the lines shown (what the reader can see and
    /// count), or nothing without an archive.
    func newCountLines(_ marks: [ArchivedArticle?]?, in archive: ArticleArchive?, context: Context) -> [StyledText] {
        guard let archive, let marks else { return [] }
        let records = marks.compactMap { $0 }
        let new = records.filter(\.isNew).count
        let unread = records.filter { !$0.isRead }.count
        let since = (try? archive.lastLooked()).flatMap { $0 }.map { " since " + RelativeDateFormatter(now: context.now()).string(for: $0) } ?? ""
        return [StyledText("\(new) new\(since) · \(unread) unread", style: .secondary)]
    }

    /// `--saved`, `--to-rate` or `--search`: the archive alone, no network.
    func runArchiveList(context: Context) throws -> ExitCode {
        let archive = try context.openArchive()
        let filter = archiveRequest.filter(coin: coin, outlet: outlet, category: category, before: before)
        let found =
            if let text = archiveRequest.search {
                try archive.search(text, filter: filter, limit: limit)
            } else {
                try archive.list(filter, limit: limit)
            }
        let articles = found.map(\.article)
        let presenter = NewsPresenter(now: context.now(), width: context.stdoutCapabilities.width)
        if let show {
            guard show <= found.count else {
                throw LacriptaError.usage("--show \(show): the list has \(found.count) article\(found.count == 1 ? "" : "s")")
            }
            if let sharePath {
                return try share(
                    presenter.document(articles[show - 1], format: ShareFormat(path: sharePath)), to: sharePath, what: "the article", context: context
                )
            }
            let mark = markShownRead(found[show - 1], in: archive, context: context)
            if json {
                try context.printRaw(try presenter.json([articles[show - 1]], marks: [mark]))
            } else {
                try context.print(presenter.detail(articles[show - 1], mark: mark))
            }
            return .success
        }
        if let sharePath {
            let document = presenter.document(articles, title: "News: \(archiveLabel)", format: ShareFormat(path: sharePath))
            return try share(document, to: sharePath, what: "\(articles.count) article\(articles.count == 1 ? "" : "s")", context: context)
        }
        // Searching the archive is no look at the news: what is new stays new.
        recordLook(found, in: archive, endsNew: false, context: context)
        if json {
            try context.printRaw(try presenter.json(articles, marks: found))
        } else if found.isEmpty {
            context.printError(StyledText(emptyArchiveMessage))
        } else {
            let words = archiveRequest.search.map(FTSQuery.words) ?? []
            try context.print(presenter.list(articles, marks: found, highlighting: words))
        }
        return .success
    }

    /// What the offline list shows, for a shared file's title.
    private var archiveLabel: String {
        if let text = archiveRequest.search { return "search for \(Sanitizer.singleLine(text))" }
        return archiveRequest.saved ? "saved" : "to rate"
    }

    /// The line for an empty offline list, saying how to fill it.
    private var emptyArchiveMessage: String {
        if archiveRequest.search != nil { return "No article in your archive matches that search." }
        if archiveRequest.saved { return "No saved articles: save one with lacripta article REF --save (REF from a news list)." }
        return "Nothing to rate: articles you read (news --show, lacripta article) and have not rated appear here."
    }
}
