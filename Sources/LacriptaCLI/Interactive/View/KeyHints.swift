/// The keys of each screen: a short list for the footer and the full list for the `?` help.
enum KeyHints {
    /// Help and quit, always at the end of the footer.
    static let fixed = [KeyHint("?", "help"), KeyHint("q", "quit")]

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

    /// The footer hints for `page`, most useful first.
    static func footer(for page: InteractivePage) -> [KeyHint] {
        switch page {
        case .toplist:
            [
                KeyHint("↑↓", "move"), KeyHint("Enter", "news"), KeyHint("i", "detail"), KeyHint("f", "★"), KeyHint("F", "favourites"),
                KeyHint("a", "add"), KeyHint("l", "live"), KeyHint("H", "holdings"), KeyHint("s/S", "sort"),
                KeyHint("c", "change"), KeyHint("u", "currency"), KeyHint("/", "filter"), KeyHint("r", "refresh"),
                KeyHint("x", "compare"), KeyHint("A", "alert"), KeyHint("!", "alerts"),
            ]
        case .news:
            [
                KeyHint("↑↓", "move"), KeyHint("Enter", "read"), KeyHint("b", "save"), KeyHint("m", "read/unread"), KeyHint("u", "all/unread/saved"),
                KeyHint("o", "order"), KeyHint("r", "refresh"), KeyHint("Esc", "back"),
            ]
        case .article:
            [
                KeyHint("↑↓", "scroll"), KeyHint("PgUp/PgDn", "page"), KeyHint("1-5", "rate"), KeyHint("b", "save"), KeyHint("s", "share"),
                KeyHint("Esc", "back"),
            ]
        case .live:
            [KeyHint("Enter", "news"), KeyHint("A", "alert"), KeyHint("Esc", "back")]
        case .coin:
            [KeyHint("d/w/1/3/y", "1/7/30/90/365 days"), KeyHint("f", "★"), KeyHint("n", "news"), KeyHint("l", "live"), KeyHint("Esc", "back")]
        case .holdings:
            [KeyHint("↑↓", "move"), KeyHint("Enter", "detail"), KeyHint("f", "★"), KeyHint("r", "reload"), KeyHint("Esc", "back")]
        case .addCoin:
            [KeyHint("↑↓", "choose"), KeyHint("Enter", "add ★"), KeyHint("Esc", "back")]
        case .alerts:
            [KeyHint("↑↓", "move"), KeyHint("d", "delete"), KeyHint("Esc", "back")]
        case .compare:
            [KeyHint("Esc", "back")]
        }
    }

    /// Every key of `page`, for the help overlay.
    static func help(for page: InteractivePage) -> [KeyHint] {
        let moving = [
            KeyHint("↑ ↓  j k", "move"), KeyHint("PgUp PgDn", "page"), KeyHint("g G  Home End", "first / last"),
        ]
        let common = [KeyHint("?", "this help"), KeyHint("q  Ctrl-C", "quit"), KeyHint("Ctrl-Z", "suspend (fg resumes)")]
        switch page {
        case .toplist:
            // Pairs share a line so the whole list fits a 24-row window.
            return moving + [
                KeyHint("s  S", "next sort column / reverse it"), KeyHint("c  u", "change period / next currency"),
                KeyHint("/  Esc", "filter by name or symbol / clear it"), KeyHint("Enter", "news for the coin"),
                KeyHint("l  i", "live detail / the coin's figures and chart"),
                KeyHint("f F Tab", "star / only favourites / next group"), KeyHint("H", "your holdings: value, P/L"),
                KeyHint("a", "add any coin (search)"), KeyHint("r", "refresh now"),
                KeyHint("x  A  !", "compare · add an alert · alerts"),
            ] + common
        case .news:
            return moving + [
                KeyHint("Enter", "read the article (marks it read)"), KeyHint("b", "save or unsave (kept for ever)"),
                KeyHint("m", "mark read or unread"), KeyHint("u", "list all, unread only, saved only"),
                KeyHint("o", "order: latest, oldest, random"), KeyHint("r", "refresh"), KeyHint("Esc  Backspace", "back"),
            ] + common
        case .article:
            return [
                KeyHint("↑ ↓  j k", "scroll"), KeyHint("PgUp PgDn Space", "page"), KeyHint("g G", "top / bottom"),
                KeyHint("1 … 5", "rate the article"), KeyHint("b", "save or unsave"), KeyHint("s", "share to a file"),
                KeyHint("Esc  Backspace", "back"),
            ] + common
        case .live:
            return [KeyHint("Enter  n", "news for the coin"), KeyHint("A", "add an alert for the coin"), KeyHint("Esc  Backspace", "back")]
                + common
        case .coin:
            return [
                KeyHint("1  3  y", "chart of 30, 90 or 365 days"), KeyHint("f", "star or unstar"), KeyHint("n  Enter", "news for the coin"),
                KeyHint("l", "live detail"), KeyHint("r", "reload"), KeyHint("Esc  Backspace", "back"),
            ] + common
        case .holdings:
            return moving + [
                KeyHint("Enter  i", "the coin's detail"), KeyHint("f", "star or unstar"), KeyHint("r", "read the holdings again"),
                KeyHint("Esc  Backspace", "back"),
            ] + common
        case .addCoin:
            return [
                KeyHint("letters", "search every coin by ticker or name"), KeyHint("↑ ↓", "choose"),
                KeyHint("Enter", "add to favourites and show it"), KeyHint("Ctrl-U", "clear"), KeyHint("Esc", "back"),
            ] + common
        case .alerts:
            return moving + [KeyHint("d  Delete", "delete the alert"), KeyHint("Esc  Backspace", "back")] + common
        case .compare:
            return [KeyHint("Esc  Backspace", "back (closes the exchanges' feeds)")] + common
        }
    }
}
