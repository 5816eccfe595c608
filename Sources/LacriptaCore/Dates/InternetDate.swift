import Foundation

/// Parses the two date formats the keyless sources send: RFC 822/5322 in RSS (`pubDate`) and
/// RFC 3339 in Atom and CoinGecko (`updated`, `last_updated`, `ath_date`).
///
/// Both parsers are lenient about what feeds really write (see the `+RFC822` and `+RFC3339`
/// extensions) and strict about values: a day the month does not have, a 25th hour or an unknown
/// zone name give nil rather than a plausible wrong instant. They never consult the process
/// locale or time zone.
public enum InternetDate {
    /// `text` read as RFC 822 first (what RSS uses), then as RFC 3339; nil when neither fits.
    ///
    /// For feed fields whose format is not fixed (`dc:date`, an Atom date inside RSS).
    public static func parse(_ text: String) -> Date? {
        rfc822(text) ?? rfc3339(text)
    }
}
