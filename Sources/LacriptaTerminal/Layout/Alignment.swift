/// Where text sits inside a wider cell.
public enum Alignment: Sendable, Hashable {
    /// Padding goes on the right (text, names).
    case left
    /// Padding goes on the left (numbers, so decimal places line up).
    case right
    /// Padding is split, the extra cell going on the right.
    case center
}
