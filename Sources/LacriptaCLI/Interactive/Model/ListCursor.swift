/// A selection in a scrolling list: which item is selected and which is the first one shown.
///
/// Every move keeps both in range and the selection inside the window of `page` items, so the
/// view never scrolls the selected row out of sight, and a shrinking list or window pulls them
/// back instead of leaving a blank screen.
struct ListCursor: Sendable, Hashable {
    /// Index of the selected item.
    private(set) var selected = 0
    /// Index of the first item shown.
    private(set) var offset = 0

    /// Moves the selection by `delta` items (negative is up), within `0..<count`.
    mutating func move(by delta: Int, count: Int, page: Int) {
        select(selected + delta, count: count, page: page)
    }

    /// Selects `index`, clamped to the list, and scrolls just enough to show it.
    mutating func select(_ index: Int, count: Int, page: Int) {
        selected = index
        clamp(count: count, page: page)
    }

    /// Puts selection and offset back in range for `count` items and a window of `page` items.
    mutating func clamp(count: Int, page: Int) {
        let page = max(1, page)
        guard count > 0 else {
            selected = 0
            offset = 0
            return
        }
        selected = min(max(0, selected), count - 1)
        if selected < offset { offset = selected }
        if selected >= offset + page { offset = selected - page + 1 }
        // No blank rows under the last item while there are items above the window.
        offset = min(max(0, offset), max(0, count - page))
    }

    /// The indices shown in a window of `page` items.
    func visible(count: Int, page: Int) -> Range<Int> {
        let lower = min(offset, count)
        return lower..<min(count, lower + max(1, page))
    }
}
