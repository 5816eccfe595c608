extension Table {
    /// One column of a `Table`: its header, how its cells sit, and how it gives way when the
    /// terminal is narrow.
    public struct Column: Sendable, Hashable {
        /// Header text (sanitized when rendered).
        public var header: String
        /// Left for text, right for numbers.
        public var alignment: Alignment
        /// Importance when space runs out: the lowest priority is dropped first (the rightmost of
        /// equals first). Give the columns that must always show the highest numbers.
        public var priority: Int
        /// The narrowest the column gets: a flexible column shrinks to this before any column is
        /// dropped; any column is at least this wide even if its content is narrower.
        public var minWidth: Int
        /// The widest the column gets; longer cells are truncated with "…". `nil` for no limit.
        public var maxWidth: Int?
        /// Whether the column takes what space is left and truncates with "…" (e.g. Name, Title).
        public var isFlexible: Bool

        /// Creates a column; only the header is required.
        public init(
            _ header: String,
            alignment: Alignment = .left,
            priority: Int = 0,
            minWidth: Int = 1,
            maxWidth: Int? = nil,
            isFlexible: Bool = false
        ) {
            self.header = header
            self.alignment = alignment
            self.priority = priority
            self.minWidth = max(0, minWidth)
            self.maxWidth = maxWidth.map { max(0, $0) }
            self.isFlexible = isFlexible
        }
    }

    /// Which columns are shown, and how wide each is, for one terminal width.
    public struct Layout: Sendable, Hashable {
        /// Indices into `Table.columns` of the columns shown, in display order.
        public var columnIndices: [Int]
        /// The width in cells of each shown column, parallel to `columnIndices`.
        public var widths: [Int]

        /// Creates a layout (tests compare against one).
        public init(columnIndices: [Int], widths: [Int]) {
            self.columnIndices = columnIndices
            self.widths = widths
        }
    }
}
