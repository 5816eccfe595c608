import Foundation
import LacriptaCore
import LacriptaTerminal

/// The effects that do I/O, each turned into the event that reports its outcome. Failures become
/// `LacriptaError`s (or a `ShareFailure`) the model shows without dropping the data on screen.
struct InteractiveEffects: Sendable {
    /// Where prices come from (with the response cache, so a failed refresh can show cached data).
    let market: any MarketDataSource
    /// Where news comes from.
    let newsSource: any NewsSource
    /// The current time, for the dates written into shared files.
    let now: @Sendable () -> Date
    /// `$HOME`, which `~` in a share path means (as in a shell).
    let home: String?
    /// The store whose alerts the view shows and fires; nil for none.
    var alertStore: UserStore? = nil
    /// How a fired alert is told besides the status line: the terminal's notification and bell,
    /// notify-send, the user's program.
    var alertNotifier = AlertNotifiers(channels: [])
    /// The news archive's folder and retention; nil folder for no archive (marks not kept).
    var archiveDirectory: String? = nil
    var archiveKeepDays = ArticleArchive.defaultKeepDays

    /// Fetches the toplist.
    func toplist(currency: String, limit: Int) async -> InteractiveEvent {
        do {
            return .toplistLoaded(currency: currency, .success(try await market.toplist(currency: currency, limit: limit)))
        } catch {
            return .toplistLoaded(currency: currency, .failure(Self.lacriptaError(error)))
        }
    }

    /// Fetches news for `symbol`: about that coin when the source can tell which it is (through
    /// the coins on screen, as `lacripta news` does), else everybody's latest news.
    func news(symbol: String, coins: [Coin]) async -> InteractiveEvent {
        do {
            // Without the lists a source resolves with (offline, nothing cached) the ticker itself is the best guess.
            let topic: NewsTopic?
            do {
                topic = try await newsSource.topic(for: symbol, knownCoins: coins)
            } catch {
                topic = NewsTopic(symbol: symbol, name: coins.first { $0.symbol == symbol }?.name)
            }
            let batch = try await newsSource.news(about: topic)
            let (marks, history) = archived(batch.articles, about: topic)
            let fetch = NewsFetch(
                articles: batch.articles, fetchedAt: batch.fetchedAt, isGeneralNews: topic == nil, attribution: batch.attribution,
                offlineReason: batch.offlineReason, marks: marks, history: history)
            return .newsLoaded(symbol: symbol, .success(fetch))
        } catch {
            return .newsLoaded(symbol: symbol, .failure(Self.lacriptaError(error)))
        }
    }

    /// Stores fetched articles in the archive and returns their marks, as `lacripta news` does,
    /// with the reader's history the recommendations are ranked from; nil when there is no
    /// archive or it cannot be opened (the screen then shows no marks).
    private func archived(_ articles: [NewsArticle], about topic: NewsTopic?) -> ([ArchivedArticle?]?, [ArchivedArticle]?) {
        guard let archiveDirectory, let archive = try? ArticleArchive(directory: archiveDirectory, keepDays: archiveKeepDays) else {
            return (nil, nil)
        }
        let source: ArchiveSource = newsSource is CryptoCompareNews ? .cryptoCompare : .feeds
        let coins = articles.map { _ in topic.map { [$0.symbol] } ?? [] }
        guard let stored = try? archive.store(articles, from: source, coins: coins, now: now()) else { return (nil, nil) }
        try? archive.recordLook(at: now(), refs: stored.map(\.ref))
        return (stored, try? archive.history(limit: NewsCommand.forYouHistory))
    }

    /// The reader's history, as `news --for-you` learns from it; nil without a readable archive.
    func readingHistory() -> InteractiveEvent {
        guard let archiveDirectory, let archive = try? ArticleArchive(directory: archiveDirectory, keepDays: archiveKeepDays) else {
            return .readingHistoryLoaded(nil)
        }
        return .readingHistoryLoaded(try? archive.history(limit: NewsCommand.forYouHistory))
    }

    /// How many matches an archive search lists.
    static let searchLimit = 100

    /// Searches the archive for `query` (offline: titles and text, best match first).
    func searchArchive(_ query: String) -> InteractiveEvent {
        guard let archiveDirectory else {
            return .archiveSearched(query: query, .failure(.unavailable("the news archive is not available: nothing to search")))
        }
        do {
            let archive = try ArticleArchive(directory: archiveDirectory, keepDays: archiveKeepDays)
            return .archiveSearched(query: query, .success(try archive.search(query, limit: Self.searchLimit)))
        } catch {
            return .archiveSearched(query: query, .failure(Self.lacriptaError(error)))
        }
    }

    /// Applies a mark in the archive; a failure is said on the status line.
    func mark(_ mark: ArticleArchive.Mark, ref: String) -> InteractiveEvent? {
        guard let archiveDirectory else { return .archiveProblem("The news archive is not available: marks cannot be kept") }
        do {
            try ArticleArchive(directory: archiveDirectory, keepDays: archiveKeepDays).set(mark, ref: ref, now: now())
            return nil
        } catch {
            return .archiveProblem(Sanitizer.singleLine(error.userMessage))
        }
    }

    /// Writes `article` to `path` with the same atomic, no-clobber rules as `--share`: Markdown by
    /// default, `.txt` for text, `.json` for JSON.
    func share(_ article: NewsArticle, to path: String) -> InteractiveEvent {
        let expanded = ShareWriter.absolutePath(path, home: home)
        // ShareWriter refuses to overwrite atomically; this check only words the refusal for a
        // prompt, which has no --force to suggest.
        if FileManager.default.fileExists(atPath: expanded) {
            // The path is on the prompt line below; the reason comes first so a narrow window shows it.
            return .shareFinished(.failure(ShareFailure(message: "that file exists; choose another name")))
        }
        let document = NewsPresenter(now: now(), width: 80).document(article, format: ShareFormat(path: path))
        do {
            return .shareFinished(.success(try ShareWriter.write(document, to: path, force: false, home: home)))
        } catch let error as LacriptaError {
            return .shareFinished(.failure(ShareFailure(message: error.userMessage)))
        } catch {
            return .shareFinished(.failure(ShareFailure(message: "cannot write \(expanded)")))
        }
    }

    /// Any error as a `LacriptaError`; the client already maps its own, this covers the rest.
    static func lacriptaError(_ error: any Error) -> LacriptaError {
        if let error = error as? LacriptaError { return error }
        if error is CancellationError { return .unavailable("cancelled") }
        return .unavailable(Sanitizer.singleLine(String(describing: error)))
    }
}
