import LacriptaCore
import LacriptaTerminal

extension Context {
    /// Opens the news archive under the data folder, with the configured retention.
    func openArchive() throws(LacriptaError) -> ArticleArchive {
        try ArticleArchive(directory: ArticleArchive.directory(environment: environment), keepDays: configuration.newsKeepDays)
    }

    /// The archive, or nil after saying once on stderr why it cannot be used: news still works
    /// without it, only without read marks and short ids.
    func archiveIfAvailable() -> ArticleArchive? {
        do {
            return try openArchive()
        } catch {
            printError(StyledText("note: news shown without read marks: \(Sanitizer.singleLine(error.userMessage))", style: .warning))
            return nil
        }
    }
}

extension Context {
    /// The feeds to read without a key: `LACRIPTA_NEWS_FEEDS`/`news_feeds` when set, else the
    /// user's feed list (`lacripta feeds`), else the default outlets. A list that does not parse
    /// is named on stderr and left as it is; the defaults are read meanwhile.
    var newsOutlets: [FeedOutlet] {
        if let configured = configuration.newsFeeds { return configured }
        do {
            guard let list = try FeedListFile(environment: environment).read() else { return FeedOutlet.defaults }
            let outlets = FeedListFile.outlets(list)
            return outlets.isEmpty ? FeedOutlet.defaults : outlets
        } catch {
            printError(StyledText("note: reading the default feeds: \(Sanitizer.singleLine(error.userMessage))", style: .warning))
            return FeedOutlet.defaults
        }
    }
}

extension Context {
    /// `news` with each fetch's outcome per feed recorded in the archive for `lacripta feeds`
    /// (when the archive opens; news goes on without it).
    func recordingFeedStatus(_ source: FeedNews) -> FeedNews {
        var news = source
        let directory = ArticleArchive.directory(environment: environment)
        let keepDays = configuration.newsKeepDays
        let now = now
        news.onReport = { (reports: [FeedReport]) in
            guard let archive = try? ArticleArchive(directory: directory, keepDays: keepDays) else { return }
            try? archive.recordFeeds(reports, now: now())
        }
        return news
    }
}
