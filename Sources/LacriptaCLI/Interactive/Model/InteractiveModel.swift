import Foundation
import LacriptaCore
import LacriptaTerminal

/// The whole state of the interactive view as a value, and the rules that change it.
///
/// `handle(_:at:)` takes one event and the current time and returns the effects to run (fetch,
/// share, subscribe, quit); it does no I/O, reads no clock and draws nothing, so every behaviour
/// (selection, sorting, paging, filtering, screens, live ticks) is tested by feeding events.
/// `InteractiveRenderer` turns the state into frame lines; the driver does the rest.
struct InteractiveModel: Sendable {
    /// The settings the view started with (limits, currencies, refresh interval).
    let options: InteractiveOptions
    /// The window.
    var size: TerminalSize
    /// The time of the last event.
    private(set) var now: Date

    /// The quote currency shown.
    var currency: String
    /// The period the change columns show.
    var period: ChangePeriod
    /// The sort column and direction.
    var order: CoinOrder
    var reversed: Bool

    /// The last good toplist (in `currency`); kept when a refresh fails.
    var coins: [Coin] = []
    /// When those coins were fetched; `nil` until the first answer.
    var fetchedAt: Date?
    /// Whether a toplist request is out.
    var loading = false
    /// The last toplist failure, in words; cleared by a good answer.
    var toplistError: String?

    /// The filter applied to name and symbol (case-insensitive); empty for none.
    var filter = ""
    /// The filter field while it is being typed in.
    var filterEditor: LineEditor?
    /// How many edits changed the filter, each of which filtered the list again. It is what
    /// typing costs, so tests can see that a paste is one edit, not one per character.
    var filterEdits = 0
    /// The toplist selection.
    var cursor = ListCursor()

    /// Whether a live source exists at all (`false`: the status bar says "live: off").
    let liveEnabled: Bool
    /// Live prices and the connection state, following the pairs subscribed.
    var live = LiveModel()
    /// The pairs currently subscribed (as last asked of the driver).
    var subscribed: [Subscription] = []

    /// The screens, toplist at the bottom; the last one is shown.
    var pages: [InteractivePage] = [.toplist]
    /// Whether the key help is shown over the current screen.
    var showsHelp = false
    /// A one-off line for the status bar ("Shared to …"), until the next key.
    var notice: String?
    /// Seeds for random news orders; advanced each time one is used, so each shuffle differs.
    var nextSeed: UInt64
    /// The user's favourites and holdings, and what the view fetched for them.
    var yours = YourCoins()

    /// The user's alerts, fired from the live prices.
    var alerts: LiveAlerts
    /// The prompt `A` opened, while open.
    var alertPrompt: AlertPrompt?
    /// How many compare screens were opened, numbering each so a closed one's feeds are ignored.
    var compareOpenings = 0

    /// A model for a window of `size` at `now`; `liveEnabled` says whether a live source exists.
    init(options: InteractiveOptions, size: TerminalSize, now: Date, liveEnabled: Bool, seed: UInt64 = 0) {
        self.options = options
        self.size = size
        self.now = now
        currency = options.currency
        period = options.period
        order = options.order
        reversed = options.reversed
        self.liveEnabled = liveEnabled
        nextSeed = seed
        live = LiveModel(matchingAnyMarket: options.liveFromExchanges)
        alerts = LiveAlerts(hysteresis: options.alertHysteresis)
    }

    /// The layout for the current window.
    var layout: InteractiveLayout { InteractiveLayout(size: size) }

    /// The screen on top.
    var page: InteractivePage { pages.last ?? .toplist }

    /// The first effects: fetch the toplist, read the user's store.
    mutating func start() -> [InteractiveEffect] {
        loading = true
        return [.fetchToplist(currency: currency, limit: options.limit), .yours(.loadStore)]
    }

    /// Applies `event`, which happened at `now`, and returns what the driver should do.
    mutating func handle(_ event: InteractiveEvent, at now: Date) -> [InteractiveEffect] {
        self.now = now
        var effects: [InteractiveEffect]
        switch event {
        case .key(let key): effects = handleKey(key)
        case .keys(let keys): effects = handleKeys(keys)
        case .resize(let newSize): effects = resize(newSize)
        case .tick: effects = []
        case .refreshDue: effects = refresh()
        case .toplistLoaded(let currency, let result): effects = toplistLoaded(currency: currency, result) + yourCoinsAfterToplist()
        case .newsLoaded(let symbol, let result): effects = newsLoaded(symbol: symbol, result)
        case .archiveProblem(let reason):
            notice = reason
            effects = []
        case .live(let events): effects = handleLive(events)
        case .liveFailed(let reason): effects = liveFailed(reason)
        case .shareFinished(let result): effects = shareFinished(result)
        case .yours(let event): effects = handleYourCoins(event)
        case .alertsStored(let answer): effects = alertsStored(answer)
        case .compare(let id, let update): effects = compareUpdate(id: id, update)
        }
        if let update = subscriptionUpdate() { effects.append(update) }
        return effects
    }

    /// Keys read together, in order. While a text field has the keyboard, each run of characters
    /// among them (text pasted without bracketed paste, or typed ahead over a slow link) goes in
    /// as one paste, so the field changes, and the list is filtered, once per run.
    private mutating func handleKeys(_ keys: [Key]) -> [InteractiveEffect] {
        var effects: [InteractiveEffect] = []
        var index = keys.startIndex
        while index < keys.endIndex {
            var run = ""
            // A window too small to draw in takes only q, so there runs stay single keys.
            while isEditingText, !layout.isTooSmall, index < keys.endIndex, case .character(let character) = keys[index] {
                run.append(character)
                index += 1
            }
            if run.count > 1 {
                effects += handleKey(.paste(run))
            } else if let character = run.first {
                effects += handleKey(.character(character))
            } else {
                effects += handleKey(keys[index])
                index += 1
            }
        }
        return effects
    }

    /// Keys every screen shares (quit, suspend, help), then the current screen's own.
    private mutating func handleKey(_ key: Key) -> [InteractiveEffect] {
        switch key {
        case .control("c"): return [.quit]
        case .control("z"): return [.suspend]
        case .control("l"): return [.repaint]
        default: break
        }
        notice = nil
        if showsHelp {
            // Any key closes the help; q still quits so nobody is ever trapped.
            showsHelp = false
            return key == .character("q") ? [.quit] : []
        }
        if layout.isTooSmall { return key == .character("q") ? [.quit] : [] }
        // While typing into a field every printable key is text, including q and ?.
        if !isEditingText {
            if key == .character("q") { return [.quit] }
            if key == .character("?") {
                showsHelp = true
                return []
            }
        }
        if let effects = handleAlertOrCompareKey(key) { return effects }
        switch page {
        case .toplist: return handleToplistKey(key)
        case .news: return handleNewsKey(key)
        case .article: return handleArticleKey(key)
        case .live: return handleLiveKey(key)
        case .coin: return handleCoinDetailKey(key)
        case .holdings: return handleHoldingsKey(key)
        case .addCoin: return handleAddCoinKey(key)
        case .alerts, .compare: return []
        }
    }

    /// Whether a text field (filter or share path) has the keyboard.
    var isEditingText: Bool {
        if alertPrompt != nil { return true }
        switch page {
        case .toplist: return filterEditor != nil
        case .article(let article): return article.prompt != nil
        case .addCoin: return true
        case .news, .live, .coin, .holdings, .alerts, .compare: return false
        }
    }

    /// Follows a new window size: keeps each selection in view.
    private mutating func resize(_ newSize: TerminalSize) -> [InteractiveEffect] {
        size = newSize
        cursor.clamp(count: rows.count, page: layout.toplistRows)
        for index in pages.indices {
            switch pages[index] {
            case .news(var news):
                news.cursor.clamp(count: news.articles?.count ?? 0, page: layout.newsItems)
                pages[index] = .news(news)
            case .article(var article):
                // Wrapped again only if the article width changed; a height change reuses it.
                article.wrapped = articlePresenter.wrapped(article.article, reusing: article.wrapped)
                article.scroll = min(article.scroll, maximumScroll(article))
                pages[index] = .article(article)
            case .toplist, .live, .compare: break
            case .coin, .holdings, .addCoin: pages[index] = clampedYourCoinsPage(pages[index])
            case .alerts(var list):
                list.cursor.clamp(count: alerts.list.count, page: layout.toplistRows)
                pages[index] = .alerts(list)
            }
        }
        return []
    }

    /// Pops the top screen (never the toplist).
    mutating func goBack() {
        if pages.count > 1 { pages.removeLast() }
    }

    /// Replaces the top screen with `page` (after changing a copy of it).
    mutating func replaceTop(_ page: InteractivePage) {
        pages[pages.count - 1] = page
    }

    /// Wording for a failure, safe for one terminal line.
    static func describe(_ error: LacriptaError) -> String {
        Sanitizer.singleLine(error.userMessage)
    }
}
