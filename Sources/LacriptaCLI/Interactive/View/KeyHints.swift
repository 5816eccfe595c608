import LacriptaCore

/// The keys of each screen, read from the keymap so a binding shows wherever keys are named: a
/// short list for the footer and the full list for the `?` help.
enum KeyHints {
    /// Actions named together under one label: the keys of each, then the label.
    struct Group: Sendable {
        /// The actions, in the order their keys are shown.
        var actions: [ViewAction]
        /// What they do: "next sort column / reverse it".
        var label: String
        /// How the footer joins the actions' first keys ("/" for "s/S", "" for "↑↓").
        var joiner = "/"

        init(_ actions: ViewAction..., label: String, joiner: String = "/") {
            self.actions = actions
            self.label = label
            self.joiner = joiner
        }
    }

    /// The help box's title for `page`.
    static func title(for page: InteractivePage) -> String {
        switch page {
        case .toplist: "Keys: toplist"
        case .news: "Keys: news"
        case .article: "Keys: article"
        case .live: "Keys: live detail"
        case .coin: "Keys: coin detail"
        case .holdings: "Keys: holdings"
        case .addCoin: "Keys: add a coin"
        case .alerts: "Keys: alerts"
        case .compare: "Keys: compare"
        }
    }

    /// Help and quit, always at the end of the footer.
    static func fixed(for page: InteractivePage, keymap: Keymap) -> [KeyHint] {
        // The add-coin search is a text field (q is a letter there), but its neighbours' keys are
        // what a person would look for; the toplist's are those.
        let screen = page.keymapScreen ?? .toplist
        return [Group(.help, label: "help"), Group(.quit, label: "quit")].compactMap { footerHint($0, on: screen, keymap: keymap) }
    }

    /// The footer hints for `page`, most useful first.
    static func footer(for page: InteractivePage, keymap: Keymap) -> [KeyHint] {
        guard let screen = page.keymapScreen else {
            return [KeyHint("↑↓", "choose"), KeyHint("Enter", "add ★"), KeyHint("Esc", "back")]
        }
        return footerGroups(screen).compactMap { footerHint($0, on: screen, keymap: keymap) }
    }

    /// Every key of `page`, for the help overlay.
    static func help(for page: InteractivePage, keymap: Keymap) -> [KeyHint] {
        guard let screen = page.keymapScreen else {
            // The add-coin search: a text field, whose keys are its own.
            return [
                KeyHint("letters", "search every coin by ticker or name"), KeyHint("↑ ↓", "choose"),
                KeyHint("Enter", "add to favourites and show it"), KeyHint("Ctrl-U", "clear"), KeyHint("Esc", "back"),
                KeyHint("Ctrl-C", "quit"),
            ]
        }
        return (helpGroups(screen) + common).compactMap { group in
            var keys = group.actions.map { action in keymap.keys(for: action, on: screen).map(\.symbol).joined(separator: " ") }
                .filter { !$0.isEmpty }.joined(separator: "  ")
            // Ctrl-C is in no keymap: it always quits.
            if group.actions == [.quit] { keys += keys.isEmpty ? "Ctrl-C" : "  Ctrl-C" }
            return keys.isEmpty ? nil : KeyHint(keys, group.label)
        }
    }

    /// A footer hint: the first key of each of the group's actions, joined; nil when none has a key.
    private static func footerHint(_ group: Group, on screen: Keymap.Screen, keymap: Keymap) -> KeyHint? {
        let keys = group.actions.compactMap { keymap.keys(for: $0, on: screen).first?.symbol }
        return keys.isEmpty ? nil : KeyHint(keys.joined(separator: group.joiner), group.label)
    }

    /// The keys every screen has, at the end of each help.
    private static let common = [
        Group(.help, label: "this help"), Group(.quit, label: "quit"), Group(.suspend, .repaint, label: "suspend (fg resumes) / redraw"),
    ]

    /// Moving through a list.
    private static let moving = [
        Group(.moveUp, .moveDown, label: "move up / down", joiner: ""), Group(.pageUp, .pageDown, label: "page up / down"),
        Group(.first, .last, label: "first / last"),
    ]

    /// The footer's groups on `screen`.
    private static func footerGroups(_ screen: Keymap.Screen) -> [Group] {
        let move = Group(.moveUp, .moveDown, label: "move", joiner: "")
        let back = Group(.back, label: "back")
        switch screen {
        case .toplist:
            return [
                move, Group(.openNews, label: "news"), Group(.openDetail, label: "detail"), Group(.star, label: "★"),
                Group(.favourites, label: "favourites"), Group(.addCoin, label: "add"), Group(.openLive, label: "live"),
                Group(.holdings, label: "holdings"), Group(.sort, .reverseSort, label: "sort"), Group(.changePeriod, label: "change"),
                Group(.nextCurrency, label: "currency"), Group(.filter, label: "filter"), Group(.refresh, label: "refresh"),
                Group(.compare, label: "compare"), Group(.addAlert, label: "alert"), Group(.alerts, label: "alerts"),
            ]
        case .news:
            return [
                move, Group(.openArticle, label: "read"), Group(.save, label: "save"), Group(.markRead, label: "read/unread"),
                Group(.cycleList, label: "all/unread/saved/for you"), Group(.filter, label: "search"), Group(.newsOrder, label: "order"),
                Group(.refresh, label: "refresh"), back,
            ]
        case .article:
            return [
                Group(.moveUp, .moveDown, label: "scroll", joiner: ""), Group(.pageUp, .pageDown, label: "page"),
                Group(.rate1, .rate5, label: "rate", joiner: "-"), Group(.save, label: "save"), Group(.share, label: "share"), back,
            ]
        case .live:
            return [Group(.openNews, label: "news"), Group(.addAlert, label: "alert"), back]
        case .coin:
            return [
                // Back before live: at 80 columns the last of these is cut.
                Group(.range1d, .range7d, .range30d, .range90d, .range365d, .rangeMax, label: "range"),
                Group(.candles, label: "line/candles"), Group(.star, label: "★"), Group(.openNews, label: "news"), back,
                Group(.openLive, label: "live"),
            ]
        case .holdings:
            return [
                move, Group(.openDetail, label: "detail"), Group(.cycleList, label: "lots/realised/chart"), Group(.hideAmounts, label: "hide"),
                Group(.star, label: "★"), Group(.refresh, label: "reload"), back,
            ]
        case .alerts:
            return [move, Group(.delete, label: "delete"), back]
        case .compare:
            return [Group(.chartMarket, label: "chart"), Group(.nextCoin, label: "coin"), Group(.nextCurrency, label: "currency"), back]
        }
    }

    /// The help's groups on `screen`, before the keys every screen has.
    private static func helpGroups(_ screen: Keymap.Screen) -> [Group] {
        let back = Group(.back, label: "back")
        switch screen {
        case .toplist:
            // Pairs share a line so the whole list fits a 24-row window.
            return moving + [
                Group(.sort, .reverseSort, label: "next sort column / reverse it"),
                Group(.changePeriod, .nextCurrency, label: "change period / next currency"),
                Group(.filter, .clearFilter, label: "filter by name or symbol / clear it"), Group(.openNews, label: "news for the coin"),
                Group(.openLive, .openDetail, label: "live detail / the coin's figures and chart"),
                Group(.star, .favourites, .nextGroup, label: "star / only favourites / next group"),
                Group(.holdings, label: "your holdings: value, P/L"), Group(.addCoin, label: "add any coin (search)"),
                Group(.refresh, label: "refresh now"), Group(.compare, .addAlert, .alerts, label: "compare · add an alert · alerts"),
            ]
        case .news:
            return moving + [
                Group(.openArticle, label: "read the article (marks it read)"), Group(.save, label: "save or unsave (kept for ever)"),
                Group(.markRead, label: "mark read or unread"), Group(.cycleList, label: "list all, unread, saved, for you (and why)"),
                Group(.filter, label: "filter the titles; Enter with no match searches the archive"),
                Group(.newsOrder, label: "order: latest, oldest, random"), Group(.refresh, label: "refresh"), back,
            ]
        case .article:
            return [
                Group(.moveUp, .moveDown, label: "scroll up / down"), Group(.pageUp, .pageDown, label: "page up / down"),
                Group(.first, .last, label: "top / bottom"), Group(.rate1, .rate2, .rate3, .rate4, .rate5, label: "rate the article"),
                Group(.save, label: "save or unsave"), Group(.share, label: "share to a file"), back,
            ]
        case .live:
            return [
                Group(.openNews, label: "news for the coin"), Group(.addAlert, label: "add an alert for the coin"),
                Group(.alerts, label: "your alerts"), back,
            ]
        case .coin:
            return [
                Group(.range1d, .range7d, .range30d, .range90d, .range365d, label: "chart of 1, 7, 30, 90 or 365 days"),
                Group(.rangeMax, label: "chart of the whole history"), Group(.candles, label: "line or candles"),
                Group(.star, label: "star or unstar"), Group(.openNews, label: "news for the coin"), Group(.openLive, label: "live detail"),
                Group(.refresh, label: "reload"), back,
            ]
        case .holdings:
            return moving + [
                Group(.openDetail, label: "the coin's detail"), Group(.star, label: "star or unstar"),
                Group(.cycleList, label: "the coin's open lots, its realised gains, or the value chart"),
                Group(.hideAmounts, label: "hide or show the amounts"),
                Group(.refresh, label: "read the holdings (and the chart) again"), back,
            ]
        case .alerts:
            return moving + [Group(.delete, label: "delete the alert"), back]
        case .compare:
            return [
                Group(.chartMarket, label: "the chart: every exchange's mid, or one exchange's ask, bid and last"),
                Group(.nextCoin, label: "the next coin of the toplist, compared in its place"),
                Group(.nextCurrency, label: "the next currency, for this comparison only"),
                Group(.back, label: "back (closes the exchanges' feeds)"),
            ]
        }
    }
}
