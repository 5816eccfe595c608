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
    /// The toplist's own state: its coins, sort, period, filter and selection.
    var toplist: ToplistState

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
        toplist = ToplistState(period: options.period, order: options.order, reversed: options.reversed)
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
        toplist.loading = true
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
        case .archiveSearched(let query, let result): effects = archiveSearched(query: query, result)
        case .readingHistoryLoaded(let history): effects = readingHistoryLoaded(history)
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

    /// Which key does what on each screen.
    var keymap: Keymap { options.keymap }

    /// One key: the keys every screen shares (Ctrl-C, suspend, repaint, help, quit), then a text
    /// field that has the keyboard, then the keymap's action for the current screen.
    private mutating func handleKey(_ key: Key) -> [InteractiveEffect] {
        // Ctrl-C is in no keymap: it always quits, so no binding can trap anybody.
        if key == .control("c") { return [.quit] }
        let anyScreen = KeyName(key).flatMap { keymap.everyScreenAction(for: $0) }
        // While typing into a field every printable key is text, including q and ?.
        let shared = KeyName(key).flatMap { isEditingText && $0.isText ? nil : anyScreen }
        if shared == .suspend { return [.suspend] }
        if shared == .repaint { return [.repaint] }
        notice = nil
        if showsHelp {
            // Any key closes the help; the quit keys still quit so nobody is ever trapped.
            showsHelp = false
            return anyScreen == .quit ? [.quit] : []
        }
        // A window too small to draw in takes only the quit keys, a field open or not.
        if layout.isTooSmall { return anyScreen == .quit ? [.quit] : [] }
        if !isEditingText {
            if shared == .quit { return [.quit] }
            if shared == .help {
                showsHelp = true
                return []
            }
        }
        if let effects = editText(key) { return effects }
        guard let name = KeyName(key), let screen = page.keymapScreen, let action = keymap.action(for: name, on: screen) else { return [] }
        return perform(action)
    }

    /// A key for the text field that has the keyboard (the alert prompt, the filter, the share
    /// prompt, the add-coin search); nil when none has it.
    private mutating func editText(_ key: Key) -> [InteractiveEffect]? {
        if alertPrompt != nil { return editAlertPrompt(key) }
        switch page {
        case .toplist where filterEditor != nil: return editFilter(key)
        case .news(var news) where news.filterEditor != nil:
            let commands = news.editFilter(key, in: screenContext)
            replaceTop(.news(news))
            return apply(commands)
        case .article(var article) where article.prompt != nil: return editSharePath(key, article: &article)
        case .addCoin: return handleAddCoinKey(key)
        default: return nil
        }
    }

    /// `action` on the current screen: the screen's own model takes it and says what else to do.
    private mutating func perform(_ action: ViewAction) -> [InteractiveEffect] {
        var context = screenContext
        let commands: [ScreenCommand]
        switch page {
        case .toplist: return handleToplist(action)
        case .news(var news):
            commands = news.handle(action, in: &context)
            replaceTop(.news(news))
        case .article(var article):
            commands = article.handle(action, in: context)
            replaceTop(.article(article))
        case .live(let detail): commands = detail.handle(action)
        case .coin(var detail):
            commands = detail.handle(action)
            replaceTop(.coin(detail))
        case .holdings(var holdings):
            commands = holdings.handle(action, symbols: holdingSymbols, rows: holdingRows, currency: currency)
            replaceTop(.holdings(holdings))
        case .alerts(var list):
            commands = list.handle(action, ids: alerts.list.map(\.id), rows: layout.toplistRows)
            replaceTop(.alerts(list))
        case .compare(var compare):
            commands = compare.handle(action)
            replaceTop(.compare(compare))
        case .addCoin: return []
        }
        nextSeed = context.seed
        return apply(commands)
    }

    /// Whether a text field (filter or share path) has the keyboard.
    var isEditingText: Bool {
        if alertPrompt != nil { return true }
        switch page {
        case .toplist: return filterEditor != nil
        case .article(let article): return article.prompt != nil
        case .news(let news): return news.filterEditor != nil
        case .addCoin: return true
        case .live, .coin, .holdings, .alerts, .compare: return false
        }
    }

    /// Follows a new window size: keeps each selection in view.
    private mutating func resize(_ newSize: TerminalSize) -> [InteractiveEffect] {
        size = newSize
        toplist.cursor.clamp(count: rows.count, page: layout.toplistRows)
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
