/// The window a price change is measured over.
public enum ChangePeriod: String, Sendable, CaseIterable, Codable {
    /// Rolling 24 hours (CHANGE24HOUR).
    case rolling24h = "24h"
    /// Since 00:00 UTC today (CHANGEDAY).
    case day
    /// Since the start of the current hour (CHANGEHOUR).
    case hour

    /// The next period in the interactive view's cycle (hour → day → 24h → hour).
    public var next: ChangePeriod {
        switch self {
        case .hour: .day
        case .day: .rolling24h
        case .rolling24h: .hour
        }
    }
}
