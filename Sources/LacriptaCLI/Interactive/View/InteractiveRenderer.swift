import LacriptaTerminal

/// Turns the model into one frame: exactly one line per terminal row, none wider than the window.
///
/// Rows: the title bar, the body of the current screen, the status row, the key footer. The help
/// overlay is drawn over the body; a window below `InteractiveLayout.minimumSize` gets a notice
/// instead. The lines are `StyledText`, so nothing from the network can carry an escape through,
/// and colour is dropped here (keeping bold and reverse video) when colour is off.
struct InteractiveRenderer: Sendable {
    /// Whether colours may be used; without, selection and flashes still show in reverse video.
    let colorEnabled: Bool
    /// How charts are drawn (the coin detail, the compare screen): braille in a UTF-8 locale, blocks otherwise.
    var chartMode = ChartMode.braille

    /// The frame for `model`.
    func frame(_ model: InteractiveModel) -> [StyledText] {
        let size = model.size
        let width = max(1, size.columns)
        var lines: [StyledText]
        if model.layout.isTooSmall {
            lines = tooSmall(size)
        } else {
            let (title, body, footer) = parts(model, width: width)
            lines = [title]
            lines += body.prefix(model.layout.bodyRows)
            lines += Array(repeating: StyledText(), count: max(0, model.layout.bodyRows - body.count))
            lines.append(StatusBar(model: model).line(width: width))
            lines.append(model.alertPrompt.map { AlertPromptView.line($0, width: width) } ?? footer)
            if model.showsHelp {
                lines = HelpOverlay.draw(
                    over: lines, title: KeyHints.title(for: model.page), hints: KeyHints.help(for: model.page, keymap: model.keymap), width: width)
            }
        }
        lines = Array(lines.prefix(max(1, size.rows))).map { $0.singleLine().truncated(toWidth: width) }
        return colorEnabled ? lines : lines.map(Self.monochrome)
    }

    /// Title, body and footer of the current screen.
    private func parts(_ model: InteractiveModel, width: Int) -> (StyledText, [StyledText], StyledText) {
        let keymap = model.keymap
        let hints = { (page: InteractivePage) in
            FramePieces.footer(KeyHints.footer(for: page, keymap: keymap), fixed: KeyHints.fixed(for: page, keymap: keymap), width: width)
        }
        switch model.page {
        case .toplist:
            let view = ToplistView(model: model)
            return (view.title(width: width), view.body(width: width), view.footer(width: width))
        case .news(let news):
            let view = NewsView(model: model, news: news)
            return (view.title(width: width), view.body(width: width), view.footer(width: width))
        case .article(let article):
            let view = ArticleView(model: model, article: article)
            return (view.title(width: width), view.body(width: width), view.footer(width: width))
        case .live(let detail):
            let view = LiveDetailView(model: model, detail: detail)
            return (view.title(width: width), view.body(width: width), hints(model.page))
        case .coin(let detail):
            let view = CoinDetailView(model: model, detail: detail, chartMode: chartMode)
            return (view.title(width: width), view.body(width: width), hints(model.page))
        case .holdings(let holdings):
            let view = HoldingsView(model: model, holdings: holdings, chartMode: chartMode)
            return (view.title(width: width), view.body(width: width), hints(model.page))
        case .addCoin(let search):
            let view = AddCoinView(model: model, search: search)
            return (view.title(width: width), view.body(width: width), view.footer(width: width))
        case .alerts(let list):
            let view = AlertListView(model: model, list: list)
            return (view.title(width: width), view.body(width: width), hints(model.page))
        case .compare(let compare):
            let view = CompareScreenView(model: model, compare: compare, chartMode: chartMode)
            return (view.title(width: width), view.body(width: width), hints(model.page))
        }
    }

    /// The notice for a window too small to draw in; q still quits.
    private func tooSmall(_ size: TerminalSize) -> [StyledText] {
        let minimum = InteractiveLayout.minimumSize
        let message = [
            StyledText("Terminal too small", style: .bold),
            StyledText("\(size.columns)×\(size.rows), needs \(minimum.columns)×\(minimum.rows)"),
            StyledText("enlarge it, or press q", style: .secondary),
        ]
        let top = max(0, (size.rows - message.count) / 2)
        var lines = Array(repeating: StyledText(), count: max(1, size.rows))
        for (offset, line) in message.enumerated() where top + offset < lines.count {
            lines[top + offset] = FramePieces.centered(line, width: max(1, size.columns))
        }
        return lines
    }

    /// `line` without colours but with its attributes, for NO_COLOR and `--color never`: the
    /// selection and title stay in reverse video and changes keep their ▲ ▼ markers.
    static func monochrome(_ line: StyledText) -> StyledText {
        line.restyled { style in
            var plain = style
            plain.foreground = nil
            return plain
        }
    }
}

/// The `?` help: a box of keys drawn over the middle of the frame, the screen still showing
/// around it.
enum HelpOverlay {
    /// `lines` with the help box titled `title` over them; rows outside the box are untouched.
    static func draw(over lines: [StyledText], title: String, hints: [KeyHint], width: Int) -> [StyledText] {
        let content = fitted(hints, rows: max(0, lines.count - 4), width: max(0, width - 6))
        let inner = min(width - 4, (content.map(\.displayWidth).max() ?? 0) + 2)
        guard inner > 4, lines.count > 4 else { return lines }
        let shown = Array(content.prefix(max(0, lines.count - 4)))
        let heading = StyledText("─ " + title + " ").truncated(toWidth: inner, ellipsis: "")
        var box = [StyledText("┌") + heading + StyledText(String(repeating: "─", count: max(0, inner - heading.displayWidth)) + "┐")]
        box += shown.map { StyledText("│ ") + $0.fitted(toWidth: inner - 2) + StyledText(" │") }
        box.append(StyledText("└" + String(repeating: "─", count: inner) + "┘"))
        let left = max(0, (width - inner - 2) / 2)
        let top = max(1, (lines.count - box.count) / 2)
        var result = lines
        for (offset, boxLine) in box.enumerated() where top + offset < result.count - 1 {
            let base = result[top + offset]
            let before = base.truncated(toWidth: left, ellipsis: "").padded(toWidth: left)
            result[top + offset] = before + boxLine + FramePieces.suffix(of: base, from: left + inner + 2)
        }
        return result
    }

    /// The box's lines for `hints` in `rows` rows of `width` cells: one key a line when they fit,
    /// else two columns side by side when the window is wide enough, else as many as fit and a
    /// line saying the rest need a taller window. The closing remark comes last when there is room.
    static func fitted(_ hints: [KeyHint], rows: Int, width: Int) -> [StyledText] {
        let closing = [StyledText(""), StyledText("any key closes this help", style: .secondary)]
        let single = column(hints)
        if single.count + closing.count <= rows { return single + closing }
        let half = (hints.count + 1) / 2
        let left = column(Array(hints.prefix(half)))
        let right = column(Array(hints.dropFirst(half)))
        let leftWidth = left.map(\.displayWidth).max() ?? 0
        let rightWidth = right.map(\.displayWidth).max() ?? 0
        if leftWidth + 3 + rightWidth <= width, half <= rows {
            let paired = left.indices.map { index in
                left[index].padded(toWidth: leftWidth) + StyledText("   ") + (right.indices.contains(index) ? right[index] : StyledText())
            }
            return paired + (paired.count + closing.count <= rows ? closing : [])
        }
        guard rows > 1, single.count > rows else { return single }
        return Array(single.prefix(rows - 1)) + [StyledText("… more in a taller window", style: .secondary)]
    }

    /// One key a line, the keys bold in a column of their own width.
    private static func column(_ hints: [KeyHint]) -> [StyledText] {
        let keyWidth = hints.map { DisplayWidth.width(of: $0.key) }.max() ?? 0
        return hints.map { StyledText($0.key, style: .bold).padded(toWidth: keyWidth) + StyledText("  " + $0.label) }
    }
}
