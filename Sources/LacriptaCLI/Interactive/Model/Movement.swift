import LacriptaCore
import LacriptaTerminal

/// A cursor movement, the same on every list: up and down a row, a window, to either end.
enum Movement: Sendable, Equatable {
    /// Up (negative) or down by a number of items.
    case by(Int)
    /// To the first item.
    case first
    /// To the last item.
    case last

    /// The movement `action` asks for in a window of `page` items, or `nil` for other actions.
    init?(_ action: ViewAction, page: Int) {
        switch action {
        case .moveUp: self = .by(-1)
        case .moveDown: self = .by(1)
        case .pageUp: self = .by(-max(1, page - 1))
        case .pageDown: self = .by(max(1, page - 1))
        case .first: self = .first
        case .last: self = .last
        default: return nil
        }
    }

    /// The movement a key asks for in a text field's list (the filter's, the add-coin search's):
    /// the arrows, PgUp/PgDn and Home/End, which the field owns (letters there are text), or `nil`.
    init?(fieldKey key: Key, page: Int) {
        switch key {
        case .up: self = .by(-1)
        case .down: self = .by(1)
        case .pageUp: self = .by(-max(1, page - 1))
        case .pageDown: self = .by(max(1, page - 1))
        case .home: self = .first
        case .end: self = .last
        default: return nil
        }
    }

    /// Applies the movement to `cursor` over `count` items.
    func apply(to cursor: inout ListCursor, count: Int, page: Int) {
        switch self {
        case .by(let delta): cursor.move(by: delta, count: count, page: page)
        case .first: cursor.select(0, count: count, page: page)
        case .last: cursor.select(count - 1, count: count, page: page)
        }
    }
}
