import LacriptaTerminal

/// How a terminal of a given size is divided: one title row, the body, a status row and a key
/// footer. The model uses it to page and scroll; the renderer uses it to draw the same rows.
struct InteractiveLayout: Sendable, Hashable {
    /// The smallest window the view draws in; below it a "terminal too small" notice is shown.
    static let minimumSize = TerminalSize(columns: 40, rows: 10)

    /// The window.
    let size: TerminalSize

    /// Whether the window is big enough to draw the view.
    var isTooSmall: Bool { size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows }

    /// Rows between the title and the status row.
    var bodyRows: Int { max(1, size.rows - 3) }

    /// Coin rows in the toplist (the body minus the table header).
    var toplistRows: Int { max(1, bodyRows - 1) }

    /// Articles shown in a news list (two rows each: title, then source and age).
    var newsItems: Int { max(1, bodyRows / 2) }

    /// Width an article is wrapped to: the window, but never wider than comfortable reading.
    var articleWidth: Int { max(20, min(size.columns, 100)) }
}
