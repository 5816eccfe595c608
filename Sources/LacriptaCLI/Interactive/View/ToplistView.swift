import Foundation
import LacriptaCore
import LacriptaTerminal

/// The toplist screen: the same table as `lacripta top` (same columns, formatters and
/// sanitising, through `ToplistPresenter`), with the selected row highlighted, the sorted column
/// marked, and live prices flashing for a moment when they change.
struct ToplistView: Sendable {
    /// The state to draw.
    let model: InteractiveModel

    /// The title bar text: what is shown and where the window is in the list.
    func title(width: Int) -> StyledText {
        let direction = (model.order == .rank || model.order == .name) != model.reversed ? "↑" : "↓"
        let shown = model.yours.favoritesOnly ? favouritesTitle : "top \(model.options.limit)"
        var left = "lacripta · \(shown) · \(model.currency) · change \(model.period.rawValue) · by \(model.order.rawValue)\(direction)"
        if !model.filter.isEmpty { left += " · filter \"\(Sanitizer.singleLine(model.filter))\"" }
        let rows = model.rows
        let window = model.cursor.visible(count: rows.count, page: model.layout.toplistRows)
        let position = rows.isEmpty ? "" : "\(window.lowerBound + 1)–\(window.upperBound) of \(rows.count)"
        return FramePieces.titleBar(left, right: position, width: width)
    }

    /// "favourites", or with groups "favourites: long-term (Tab) · held $12,345.00".
    private var favouritesTitle: String {
        guard !model.yours.groups.isEmpty else { return "favourites" }
        var title = "favourites: \(model.yours.shownGroup ?? "all") (Tab)"
        if let value = model.shownFavoritesHeldValue, !model.options.hideAmounts {
            title += " · held \(PriceFormatter(currency: model.currency).string(NSDecimalNumber(decimal: value).doubleValue))"
        }
        return title
    }

    /// The body: table header, then one line per coin in the window.
    func body(width: Int) -> [StyledText] {
        let rows = model.rows
        if rows.isEmpty { return [StyledText(""), emptyMessage] }
        var presenter = ToplistPresenter(currency: model.currency, period: model.period)
        presenter.favorites = Set(model.yours.favorites)
        var table = Table(columns: markedColumns(presenter.columns))
        for coin in rows { table.addRow(cells(for: coin, presenter: presenter)) }
        let lines = table.render(width: width)
        let window = model.cursor.visible(count: rows.count, page: model.layout.toplistRows)
        var body = [lines.first ?? StyledText()]
        for index in window {
            let line = lines[index + 1]
            body.append(index == model.cursor.selected ? FramePieces.highlighted(line, width: width) : line)
        }
        return body
    }

    /// What an empty list says.
    private var emptyMessage: StyledText {
        if !model.filter.isEmpty {
            return StyledText("  No coin matches \"\(Sanitizer.singleLine(model.filter))\" (Esc clears the filter).", style: .secondary)
        }
        if model.yours.favoritesOnly {
            return StyledText("  No favourites yet: press f on a coin, or a to add any coin (F shows all coins).", style: .secondary)
        }
        if model.loading { return StyledText("  Loading the top coins in \(model.currency)…", style: .secondary) }
        return StyledText("  No coins to show. Press r to try again.", style: .secondary)
    }

    /// One row: the presenter's cells, with the live price (flashing on a fresh move) and the
    /// change columns following it.
    private func cells(for coin: Coin, presenter: ToplistPresenter) -> [StyledText] {
        var coin = coin
        if let tick = model.liveTick(for: coin.symbol) {
            coin.quote = Self.live(tick, over: model.period, replacing: coin.quote ?? Quote(currency: model.currency))
        }
        var cells = presenter.row(coin)
        if model.hasArmedAlert(coin.symbol), cells.indices.contains(Self.symbolColumn) {
            cells[Self.symbolColumn] += StyledText(" ⚑", style: .mark)
        }
        if let pair = model.livePair(for: coin.symbol), let direction = model.live.flash(for: pair, at: model.now),
            cells.indices.contains(Self.priceColumn)
        {
            cells[Self.priceColumn] = cells[Self.priceColumn].restyled { _ in Self.flashStyle(ChangeDirection(direction)) }
        }
        return cells
    }

    /// `quote` with the live price and its change over `period` since that period's open (from
    /// the streamer's OPEN24HOUR, OPENDAY or OPENHOUR). The fetched change was measured from the
    /// fetched price: beside a live price it could show "+1.72 %" for a coin that is falling. When
    /// the streamer has not sent the open, the change is unknown (a dash), not the fetched figure.
    static func live(_ tick: LiveTick, over period: ChangePeriod, replacing quote: Quote) -> Quote {
        var quote = quote
        quote.price = tick.price
        let change = tick.change(over: period)
        switch period {
        case .rolling24h: (quote.change24h, quote.changePercent24h) = (change?.amount, change?.percent)
        case .day: (quote.changeDay, quote.changePercentDay) = (change?.amount, change?.percent)
        case .hour: (quote.changeHour, quote.changePercentHour) = (change?.amount, change?.percent)
        }
        return quote
    }

    /// The index of the symbol column in `ToplistPresenter.columns`.
    static let symbolColumn = 1

    /// The index of the price column in `ToplistPresenter.columns`.
    static let priceColumn = 3

    /// A changed price: bold reverse video, green for up and red for down.
    static func flashStyle(_ direction: ChangeDirection) -> TextStyle {
        TextStyle(foreground: direction.style.foreground, bold: true, reverse: true)
    }

    /// The presenter's columns with an arrow on the sorted one: ↓ for highest (or last) first.
    private func markedColumns(_ columns: [Table.Column]) -> [Table.Column] {
        var columns = columns
        let index: Int
        switch model.order {
        case .rank: index = 0
        case .name: index = 2
        case .price: index = 3
        case .change: index = 5
        case .volume: index = 6
        case .marketCap: index = 7
        }
        guard columns.indices.contains(index) else { return columns }
        let ascending = (model.order == .rank || model.order == .name) != model.reversed
        columns[index].header += ascending ? "↑" : "↓"
        return columns
    }

    /// The footer: the filter field while typing, else the key hints.
    func footer(width: Int) -> StyledText {
        if let editor = model.filterEditor {
            let field = StyledText(" Filter: ", style: .bold) + StyledText(editor.text) + FramePieces.textCursor
            return (field + StyledText("  Enter keep · Esc clear", style: .secondary)).truncated(toWidth: width)
        }
        return FramePieces.footer(
            KeyHints.footer(for: .toplist, keymap: model.keymap), fixed: KeyHints.fixed(for: .toplist, keymap: model.keymap), width: width)
    }
}
