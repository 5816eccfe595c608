import Foundation

/// The close of one UTC day, as `holdings in` without `--price` and the coin-for-coin trades of an
/// import are valued: the last price of that day in the source's daily history (what `coin`'s
/// chart draws), today's being the latest price. Pure: a history in, a price out.
public enum DayClose {
    /// The spans the charts ask for, so a valuation reuses their cached answers when it can.
    static let spans = [30, 90, 365]

    /// How many days of daily closes to ask for so that `date`'s UTC day is among them, counted
    /// back from `now`'s: the smallest of the charts' spans that reaches it, else the exact count
    /// (a source refuses more than it gives, and that refusal is the user's answer).
    public static func days(back date: Date, now: Date) -> Int {
        let needed = max(Int(utcDay(now) - utcDay(date)) + 1, 1)
        return spans.first { $0 >= needed } ?? needed
    }

    /// The close of `date`'s UTC day in `history` (a day's last point, whatever the spacing), as
    /// an exact decimal; nil when the history has no point that day.
    public static func close(on date: Date, in history: PriceHistory) -> Decimal? {
        let day = utcDay(date)
        guard let point = history.dailyCloses().points.last(where: { utcDay($0.date) == day }) else { return nil }
        return LedgerValuation.decimalPrice(point.close)
    }

    /// Whole days since 1970 of `date` in UTC.
    static func utcDay(_ date: Date) -> Double { (date.timeIntervalSince1970 / 86_400).rounded(.down) }
}
