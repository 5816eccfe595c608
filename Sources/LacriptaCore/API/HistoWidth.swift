/// The three widths of CryptoCompare's OHLCV history, each its own path (reference §4.4):
/// minutes are kept for 7 days only; hours and days go back to a coin's first trade.
public enum HistoWidth: String, Sendable, Hashable, CaseIterable {
    case minute, hour, day

    /// `/data/v2/histominute` and its siblings.
    var path: String { "/data/v2/histo\(rawValue)" }

    /// One bar's width before `aggregate`.
    public var interval: SeriesInterval {
        switch self {
        case .minute: SeriesInterval(seconds: 60)
        case .hour: .hour
        case .day: .day
        }
    }
}
