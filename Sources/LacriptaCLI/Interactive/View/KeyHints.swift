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
        case .alerts: "Keys: alerts"
        case .compare: "Keys: compare"
        }
    }

    /// The footer hints for `page`, most useful first.
    static func footer(for page: InteractivePage) -> [KeyHint] {
        switch page {
        case .toplist:
            [
                KeyHint("↑↓", "move"), KeyHint("Enter", "news"), KeyHint("l", "live"), KeyHint("s/S", "sort"),
                KeyHint("c", "change"), KeyHint("u", "currency"), KeyHint("/", "filter"), KeyHint("r", "refresh"),
                KeyHint("x", "compare"), KeyHint("A", "alert"), KeyHint("!", "alerts"),
            ]
        case .news:
            [KeyHint("↑↓", "move"), KeyHint("Enter", "read"), KeyHint("o", "order"), KeyHint("r", "refresh"), KeyHint("Esc", "back")]
        case .article:
            [KeyHint("↑↓", "scroll"), KeyHint("PgUp/PgDn", "page"), KeyHint("s", "share"), KeyHint("Esc", "back")]
        case .live:
            [KeyHint("Enter", "news"), KeyHint("A", "alert"), KeyHint("Esc", "back")]
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
            return moving + [
                KeyHint("s", "next sort column"), KeyHint("S", "reverse the sort"),
                KeyHint("c", "change period: hour, day, 24h"), KeyHint("u", "next currency"),
                KeyHint("/", "filter by name or symbol"), KeyHint("Esc", "clear the filter"),
                KeyHint("Enter", "news for the coin"), KeyHint("l", "live detail"), KeyHint("r", "refresh now"),
                // One line for the three, so the box still fits a 24-row window.
                KeyHint("x  A  !", "compare · add an alert · alerts"),
            ] + common
        case .news:
            return moving + [
                KeyHint("Enter", "read the article"), KeyHint("o", "order: latest, oldest, random"),
                KeyHint("r", "refresh"), KeyHint("Esc  Backspace", "back"),
            ] + common
        case .article:
            return [
                KeyHint("↑ ↓  j k", "scroll"), KeyHint("PgUp PgDn Space", "page"), KeyHint("g G", "top / bottom"),
                KeyHint("s", "share to a file"), KeyHint("Esc  Backspace", "back"),
            ] + common
        case .live:
            return [KeyHint("Enter  n", "news for the coin"), KeyHint("A", "add an alert for the coin"), KeyHint("Esc  Backspace", "back")]
                + common
        case .alerts:
            return moving + [KeyHint("d  Delete", "delete the alert"), KeyHint("Esc  Backspace", "back")] + common
        case .compare:
            return [KeyHint("Esc  Backspace", "back (closes the exchanges' feeds)")] + common
        }
    }
}
