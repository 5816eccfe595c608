/// How far back a coin's chart reaches: `--days 1|7|30|90|365|max`.
///
/// The range decides the spacing a source gives (CoinGecko's `market_chart`: five-minute points
/// for a day, hourly up to 90 days, daily beyond), so it is a type of its own rather than a
/// number of days: `max` is not a number, and each case maps onto one request per source.
public enum ChartRange: String, Sendable, Hashable, CaseIterable {
    case day = "1"
    case week = "7"
    case month = "30"
    case quarter = "90"
    case year = "365"
    /// The whole history the source gives (CoinGecko without a paid plan: 365 days).
    case max = "max"

    /// The range `text` names ("7", "max", any case), or nil.
    public init?(argument text: String) {
        self.init(rawValue: text.lowercased())
    }

    /// The span in days; nil for `max`.
    public var days: Int? {
        switch self {
        case .max: nil
        default: Int(rawValue)
        }
    }

    /// The span in days as a figure row and `--json` carry it: `max` counts as the longest fixed
    /// range, which is what a keyless source gives.
    public var nominalDays: Int { days ?? 365 }

    /// "1 day", "7 days", "all history".
    public var label: String {
        switch self {
        case .day: "1 day"
        case .max: "all history"
        default: "\(rawValue) days"
        }
    }
}
