import Foundation

/// Times in CoinGecko's bodies: ISO 8601 with milliseconds and `Z` in `/coins/*`
/// (`2026-04-27T02:36:54.270Z`), Unix seconds in `/simple/price`, Unix milliseconds in charts.
enum CoinGeckoTime {
    /// The moment the markets recording was taken (Bitcoin's `last_updated`): generated charts end
    /// here, so they meet the recorded prices and stay the same from run to run.
    static let recordedNow = Date(timeIntervalSince1970: 1_777_257_414.270)

    /// Reads `2026-04-27T02:36:54.270Z`; nil for anything else.
    static func date(_ text: String) -> Date? {
        formatter().date(from: text)
    }

    /// Writes a date the way CoinGecko does, always with milliseconds.
    static func text(_ date: Date) -> String {
        formatter().string(from: date)
    }

    /// The Unix seconds of an ISO date, as `/simple/price` gives `last_updated_at`.
    static func unixSeconds(_ text: String) -> Int? {
        date(text).map { Int($0.timeIntervalSince1970) }
    }

    /// A fresh formatter per call: `ISO8601DateFormatter` is not `Sendable`, and these are used
    /// a few times per request at most.
    private static func formatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
