import Foundation

extension ChartLayout {
    /// The characters of the frame in each mode: box drawing with braille, ASCII with blocks (a
    /// terminal that is not UTF-8 has no box drawing either).
    private var glyphs: (axis: String, tick: String, corner: String, rule: String, high: String, low: String) {
        switch renderer.mode {
        case .braille: ("│", "┤", "└", "─", "▲", "▼")
        case .blocks: ("|", "+", "+", "-", "^", "v")
        }
    }

    /// All the lines, top to bottom.
    func render() -> [StyledText] {
        var lines: [StyledText] = []
        if series.count > 1 { lines.append(legend()) }
        lines += plot()
        lines.append(xAxis())
        lines.append(dates())
        if renderer.marksExtremes { lines.append(extremesLine()) }
        return lines
    }

    /// The colour of series `index` as a style.
    private func style(_ index: Int) -> TextStyle {
        TextStyle(foreground: series[index].resolvedColor)
    }

    /// The plot rows, each with its label gutter.
    private func plot() -> [StyledText] {
        var canvas = ChartCanvas(mode: renderer.mode, columns: plotColumns, rows: plotRows)
        var markers: [(column: Int, row: Int, character: Character, series: Int)] = []
        for (index, points) in drawn.enumerated() {
            var previous: (x: Int, y: Int)?
            for point in points {
                guard let value = point.value else {
                    previous = nil
                    continue
                }
                let dot = (x: scale.x(point.time.timeIntervalSince1970), y: scale.y(value))
                canvas.line(from: previous ?? dot, to: dot, series: index)
                previous = dot
            }
            if let marker = series[index].marker, let last = visible[index].last(where: { $0.value != nil }), let value = last.value {
                let column = scale.x(last.time.timeIntervalSince1970) / renderer.mode.dotsPerColumn
                if (0..<plotColumns).contains(column) {
                    markers.append((column, scale.y(value) / renderer.mode.dotsPerRow, marker, index))
                }
            }
        }
        let labelWidth = gutterWidth - 2
        return (0..<plotRows).map { row in
            var line = StyledText()
            let label = labels[row] ?? ""
            line.append(String(repeating: " ", count: labelWidth - DisplayWidth.width(of: label)) + label + " ", style: .secondary)
            line.append(labels[row] == nil ? glyphs.axis : glyphs.tick, style: .secondary)
            var blank = 0
            for column in 0..<plotColumns {
                let drawn: (Character, Int)? =
                    markers.last(where: { $0.column == column && $0.row == row }).map { ($0.character, $0.series) }
                    ?? canvas.cell(column: column, row: row)
                guard let (character, owner) = drawn else {
                    blank += 1
                    continue
                }
                if blank > 0 { line.append(String(repeating: " ", count: blank)) }
                blank = 0
                line.append(String(character), style: style(owner))
            }
            if blank > 0 { line.append(String(repeating: " ", count: blank)) }
            return line
        }
    }

    /// The x-axis, with the high's and the low's markers under their columns.
    private func xAxis() -> StyledText {
        var cells = Array(repeating: glyphs.rule, count: plotColumns)
        var marked: [Int: TextStyle] = [:]
        if renderer.marksExtremes {
            for (extreme, glyph) in [(low, glyphs.low), (high, glyphs.high)] {
                let column = scale.x(extreme.time.timeIntervalSince1970) / renderer.mode.dotsPerColumn
                guard (0..<plotColumns).contains(column) else { continue }
                cells[column] = glyph
                var style = style(extreme.series)
                style.bold = true
                marked[column] = style
            }
        }
        var line = StyledText(String(repeating: " ", count: gutterWidth - 1) + glyphs.corner, style: .secondary)
        var run = ""
        for (column, cell) in cells.enumerated() {
            guard let style = marked[column] else {
                run += cell
                continue
            }
            line.append(run, style: .secondary)
            run = ""
            line.append(cell, style: style)
        }
        line.append(run, style: .secondary)
        return line
    }

    /// The first date under the plot's left edge and the last under its right; the last alone
    /// when both do not fit, nothing when neither does.
    private func dates() -> StyledText {
        let times = visible.flatMap { $0.map(\.time) }
        let first = renderer.timeRange?.lowerBound ?? times.min()
        let last = renderer.timeRange?.upperBound ?? times.max()
        guard let first, let last else { return StyledText() }
        // Hours or dates under their columns; a span too short for a single round instant (a few
        // minutes) keeps its two ends instead of an empty line.
        if renderer.timeAxis != .ends {
            let labels = TimeAxisLabels.line(axis: renderer.timeAxis, start: first, end: last, columns: plotColumns)
            if !labels.isEmpty { return StyledText(String(repeating: " ", count: gutterWidth) + labels, style: .secondary) }
        }
        let left = Sanitizer.singleLine(renderer.dateLabel(first))
        let right = Sanitizer.singleLine(renderer.dateLabel(last))
        let leftWidth = DisplayWidth.width(of: left)
        let rightWidth = DisplayWidth.width(of: right)
        let indent = String(repeating: " ", count: gutterWidth)
        if first == last || left == right {
            guard rightWidth <= plotColumns else { return StyledText() }
            return StyledText(indent + String(repeating: " ", count: (plotColumns - rightWidth) / 2) + right, style: .secondary)
        }
        if leftWidth + 1 + rightWidth <= plotColumns {
            return StyledText(
                indent + left + String(repeating: " ", count: plotColumns - leftWidth - rightWidth) + right, style: .secondary)
        }
        guard rightWidth <= plotColumns else { return StyledText() }
        return StyledText(indent + String(repeating: " ", count: plotColumns - rightWidth) + right, style: .secondary)
    }

    /// "▲ high $3,412.50 on 2025-12-20  ▼ low $2,980.10 on 2025-12-08", shortened step by step
    /// (no dates, no words) until it fits; empty when even the prices do not.
    private func extremesLine() -> StyledText {
        let price = renderer.priceFormatter
        let highDate = Sanitizer.singleLine(renderer.dateLabel(high.time))
        let lowDate = Sanitizer.singleLine(renderer.dateLabel(low.time))
        let candidates = [
            ("high \(price.string(high.value)) on \(highDate)", "low \(price.string(low.value)) on \(lowDate)"),
            ("high \(price.string(high.value))", "low \(price.string(low.value))"),
            (price.string(high.value), price.string(low.value)),
        ]
        // Under the plot when it fits there, else from the left edge, before anything is dropped.
        let indents = [String(repeating: " ", count: gutterWidth), ""]
        for (highText, lowText) in candidates {
            for indent in indents {
                var line = StyledText(indent)
                line.append(glyphs.high + " ", style: markerStyle(high.series))
                line.append(highText + "  ")
                line.append(glyphs.low + " ", style: markerStyle(low.series))
                line.append(lowText)
                if line.displayWidth <= columns { return line }
            }
        }
        return StyledText()
    }

    /// A marker in its series' colour, bold.
    private func markerStyle(_ index: Int) -> TextStyle {
        var style = style(index)
        style.bold = true
        return style
    }

    /// Each series' marker (or a rule) and label in its colour, as many as fit.
    private func legend() -> StyledText {
        var line = StyledText(String(repeating: " ", count: gutterWidth))
        for (index, entry) in series.enumerated() {
            let marker = entry.marker.map(String.init) ?? glyphs.rule
            let text = (index > 0 ? "  " : "") + marker + " " + Sanitizer.singleLine(entry.label)
            guard line.displayWidth + DisplayWidth.width(of: text) <= columns else { break }
            if index > 0 { line.append("  ") }
            line.append(marker, style: markerStyle(index))
            line.append(" " + Sanitizer.singleLine(entry.label), style: style(index))
        }
        return line
    }
}
