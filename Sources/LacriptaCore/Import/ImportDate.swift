import Foundation

/// The exchanges' timestamps read into a journal date (`YYYY-MM-DDTHH:MM:SSZ`, UTC): ISO 8601 with
/// `Z` or an offset (Coinbase v1–v3), `2025-01-07 19:26:56 UTC` (Coinbase v4), `2021-02-02
/// 13:30:51.7025` without a zone (Kraken, Binance: UTC), and `20.09.2019 13:00:00` (day first).
public enum ImportDate {
    /// The instant `text` names, as a journal date; nil when it is none of those forms.
    public static func read(_ text: String) -> LedgerDate? {
        var body = text.trimmingSpaces
        for suffix in [" UTC", " utc", " GMT"] where body.hasSuffix(suffix) { body = String(body.dropLast(suffix.count)) }
        if body.count >= 10, body.dropFirst(2).first == ".", body.dropFirst(5).first == "." {
            // DD.MM.YYYY[ HH:MM[:SS]]
            let day = body.prefix(2)
            let month = body.dropFirst(3).prefix(2)
            let year = body.dropFirst(6).prefix(4)
            body = "\(year)-\(month)-\(day)" + body.dropFirst(10)
        }
        guard let date = InternetDate.rfc3339(body) else { return nil }
        return LedgerDate(date)
    }
}
