/// The spacing of a price series or the width of a candle: five minutes, an hour, a day, …
///
/// One type for both, because a source's line points and its candles come at the same widths, and
/// a chart names the one it shows ("5-minute candles", "hourly prices").
public struct SeriesInterval: Sendable, Hashable, Comparable {
    /// The width in seconds.
    public var seconds: Int

    /// Creates an interval of `seconds`.
    public init(seconds: Int) {
        self.seconds = seconds
    }

    public static let fiveMinutes = SeriesInterval(seconds: 300)
    public static let fifteenMinutes = SeriesInterval(seconds: 900)
    public static let thirtyMinutes = SeriesInterval(seconds: 1800)
    public static let hour = SeriesInterval(seconds: 3600)
    public static let twoHours = SeriesInterval(seconds: 2 * 3600)
    public static let fourHours = SeriesInterval(seconds: 4 * 3600)
    public static let day = SeriesInterval(seconds: 86_400)
    public static let fourDays = SeriesInterval(seconds: 4 * 86_400)

    /// The widths `--interval` accepts, by their names there.
    public static let choices: [(name: String, interval: SeriesInterval)] = [
        ("5m", .fiveMinutes), ("15m", .fifteenMinutes), ("1h", .hour), ("4h", .fourHours), ("1d", .day),
    ]

    /// The interval `--interval` names ("5m", "1h", "1d"), or nil.
    public init?(argument: String) {
        guard let found = Self.choices.first(where: { $0.name == argument.lowercased() }) else { return nil }
        self = found.interval
    }

    /// "5m", "4h", "1d": short, as `--interval` and `--json` spell it.
    public var shortName: String {
        if seconds % 86_400 == 0 { return "\(seconds / 86_400)d" }
        if seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }

    /// "5-minute", "hourly", "daily", "4-hour": as a footer names a series' spacing.
    public var adjective: String {
        switch seconds {
        case 3600: "hourly"
        case 86_400: "daily"
        default:
            if seconds % 86_400 == 0 {
                "\(seconds / 86_400)-day"
            } else if seconds % 3600 == 0 {
                "\(seconds / 3600)-hour"
            } else {
                "\(seconds / 60)-minute"
            }
        }
    }

    public static func < (lhs: SeriesInterval, rhs: SeriesInterval) -> Bool { lhs.seconds < rhs.seconds }
}
