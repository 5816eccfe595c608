/// The program's version, and how it names itself to the services it asks.
public enum LacriptaVersion {
    /// Semantic version of this build.
    public static let current = "0.2.0"

    /// The `User-Agent` every request carries. CoinGecko answers 403 to a request without a
    /// descriptive one (since January 2026), and some news outlets refuse empty agents.
    public static let userAgent = "lacripta/\(current)"
}
