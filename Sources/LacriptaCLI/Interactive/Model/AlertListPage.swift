/// The alerts screen: every stored alert, one per row; `d` deletes the selected one.
struct AlertListPage: Sendable, Equatable {
    /// The selection.
    var cursor = ListCursor()
    /// The id of an alert whose removal is being written, so a second `d` does not remove the next.
    var removing: Int?
}
