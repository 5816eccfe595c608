import Foundation

/// Timestamps from the wire (`LASTUPDATE`, `published_on`), accepted only when they could be real.
public enum UnixTime {
    /// The Unix times lacripta believes: from 2009-01-03T00:00:00Z, the day of Bitcoin's first
    /// block (no crypto price or news is older), to 9999-12-31T23:59:59Z, the last second an
    /// ISO 8601 timestamp spells with four digits. Outside it a figure is noise or hostile:
    /// `1.6e13` came out of `--json` as `"506713-02-07T00:00:00Z"`, which no script expects.
    public static let plausibleSeconds: ClosedRange<Double> = 1_230_940_800...253_402_300_799
}

extension Date {
    /// The instant `seconds` after 1970-01-01 UTC, or `nil` when that is outside
    /// `UnixTime.plausibleSeconds` (NaN included): the caller then treats the timestamp as missing.
    public init?(unixSeconds seconds: Double) {
        guard UnixTime.plausibleSeconds.contains(seconds) else { return nil }
        self.init(timeIntervalSince1970: seconds)
    }
}
