/// Which way a value moved, with a marker that reads without colour.
public enum ChangeDirection: Sendable, Hashable, CaseIterable {
    case up, down, unchanged

    /// The marker always written in front of the change, so direction survives `--color never`,
    /// colour-blind readers and copy-paste: "▲", "▼" or "=".
    public var symbol: String {
        switch self {
        case .up: "▲"
        case .down: "▼"
        case .unchanged: "="
        }
    }

    /// The up, down or unchanged role (green, red and yellow in the default theme).
    public var style: TextStyle {
        switch self {
        case .up: .positive
        case .down: .negative
        case .unchanged: .unchanged
        }
    }
}
