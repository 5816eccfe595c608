/// A text table that fits the terminal: header plus rows of styled cells.
///
/// `render(width:)` lays the columns out so no line is wider than `width` cells:
/// 1. Each column wants its natural width: its widest cell or header, within `minWidth...maxWidth`.
/// 2. Flexible columns count only their `minWidth`; while the columns still do not fit, the
///    lowest-priority column is dropped (the rightmost of equals first).
/// 3. Space left over goes to the flexible columns, one cell at a time in turn, up to their
///    natural width; cells that still do not fit are truncated with "…".
/// 4. If a single column remains and is still too wide, it is cut to the width.
///
/// Widths are display widths (CJK and emoji count two); cells are made single-line. Cells are
/// padded with plain spaces and separated by `columnSeparator`; lines carry no trailing spaces.
public struct Table: Sendable, Hashable {
    /// The columns, in display order.
    public var columns: [Column]
    /// The rows; a row with fewer cells than columns is padded with empty cells.
    public var rows: [[StyledText]]
    /// Written between neighbouring columns.
    public var columnSeparator: String
    /// Style of the header line.
    public var headerStyle: TextStyle
    /// Whether the first rendered line is the header.
    public var showsHeader: Bool

    /// Creates a table with a bold header and two spaces between columns.
    public init(
        columns: [Column],
        rows: [[StyledText]] = [],
        columnSeparator: String = "  ",
        headerStyle: TextStyle = .header,
        showsHeader: Bool = true
    ) {
        self.columns = columns
        self.rows = rows
        self.columnSeparator = columnSeparator
        self.headerStyle = headerStyle
        self.showsHeader = showsHeader
    }

    /// Adds a row at the bottom.
    public mutating func addRow(_ cells: [StyledText]) {
        rows.append(cells)
    }

    /// The lines to print (header first), each at most `width` cells wide.
    public func render(width: Int) -> [StyledText] {
        let layout = layout(width: width)
        let separator = StyledText(columnSeparator)
        var lines: [StyledText] = []
        if showsHeader {
            let header = columns.map { StyledText($0.header, style: headerStyle) }
            lines.append(renderRow(header, layout: layout, separator: separator))
        }
        for row in rows {
            lines.append(renderRow(row, layout: layout, separator: separator))
        }
        return lines
    }

    /// Decides which columns show and how wide they are for a terminal `width` cells wide.
    public func layout(width: Int) -> Layout {
        let available = max(1, width)
        let separatorWidth = DisplayWidth.width(of: columnSeparator)
        let natural = naturalWidths()
        let floor = columns.indices.map { columns[$0].isFlexible ? min(natural[$0], columns[$0].minWidth) : natural[$0] }
        var visible = Array(columns.indices)
        func required() -> Int {
            visible.reduce(0) { $0 + floor[$1] } + separatorWidth * max(0, visible.count - 1)
        }
        while visible.count > 1, required() > available, let drop = lowestPriority(in: visible) {
            visible.remove(at: drop)
        }
        var widths = visible.map { floor[$0] }
        var spare = available - required()
        // Hand out spare cells one at a time so two flexible columns share fairly.
        var grew = true
        while spare > 0, grew {
            grew = false
            for (slot, index) in visible.enumerated()
            where spare > 0 && columns[index].isFlexible && widths[slot] < natural[index] {
                widths[slot] += 1
                spare -= 1
                grew = true
            }
        }
        if visible.count == 1, widths[0] > available { widths[0] = available }
        return Layout(columnIndices: visible, widths: widths)
    }

    /// Each column's natural width: widest cell or header, within its min and max width.
    private func naturalWidths() -> [Int] {
        columns.indices.map { index in
            let column = columns[index]
            var widest = DisplayWidth.width(of: Sanitizer.singleLine(column.header))
            for row in rows where index < row.count {
                widest = max(widest, row[index].singleLine().displayWidth)
            }
            let atLeastMin = max(widest, column.minWidth)
            return column.maxWidth.map { min(atLeastMin, $0) } ?? atLeastMin
        }
    }

    /// Position in `visible` of the column to drop next: lowest priority, rightmost on ties.
    private func lowestPriority(in visible: [Int]) -> Int? {
        var best: Int?
        for slot in visible.indices {
            if let current = best, columns[visible[slot]].priority > columns[visible[current]].priority { continue }
            best = slot
        }
        return best
    }

    /// One line: each shown cell fitted to its width and aligned, then joined.
    private func renderRow(_ cells: [StyledText], layout: Layout, separator: StyledText) -> StyledText {
        let parts = zip(layout.columnIndices, layout.widths).map { index, width in
            let cell = index < cells.count ? cells[index].singleLine() : StyledText()
            return cell.fitted(toWidth: width, alignment: columns[index].alignment)
        }
        return StyledText.joined(parts, separator: separator).trimmingTrailingSpaces()
    }
}
