/// A way a simulated news feed misbehaves, to test how the client copes with one bad feed among
/// good ones.
///
/// The command-line names (`--feed-fault NAME[@FEED]`) are the `argument` values. A delay is a
/// separate setting (`--feed-delay`), so a slow feed can also be a broken one.
public enum FeedFault: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// `redirect`: 301 Moved Permanently with a relative `Location` to `/feeds/moved/<slug>.xml`,
    /// which serves the feed (the hand-typed-URL case the reference expects).
    case redirect = "redirect"
    /// `redirect-found`: 302 Found with an absolute `Location` to the same place.
    case redirectFound = "redirect-found"
    /// `truncated`: the document cut in half, with a `Content-Length` that matches the cut, like a
    /// download that stopped mid-item; the client keeps the items that closed.
    case truncated = "truncated"
    /// `billion-laughs`: a small document whose DTD nests entities ten deep (a billion `lol`s once
    /// expanded); the client must refuse it unparsed.
    case billionLaughs = "billion-laughs"
    /// `html`: 200 with the outlet's web page instead of the feed, as when a publisher kills a feed.
    case html = "html"
    /// `forbidden`: 403 with an HTML page whatever the User-Agent (Blockworks blocks datacenter
    /// addresses so).
    case forbidden = "forbidden"
    /// `down`: 503 with the text body `down`.
    case down = "down"
    /// `drop`: close the connection without answering.
    case drop = "drop"
    /// `rate-limited`: 429 Too Many Requests with `Retry-After: 120`.
    case rateLimited = "rate-limited"
    /// `not-found`: 404 with an HTML page, as for a feed that moved without a redirect.
    case notFound = "not-found"
    /// `malformed`: 200 with XML that breaks before any item closes.
    case malformed = "malformed"
    /// `utf7`: a feed declaring UTF-7, under which `+AC0ALQA+-` ends a comment and a DOCTYPE
    /// with an entity follows (issue 23); the client must refuse the encoding.
    case utf7 = "utf7"

    /// Every command-line name, for help and error messages.
    public static let argumentNames = allCases.map(\.rawValue)

    /// Parses a command-line name (any case); nil when unknown.
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    /// The command-line name.
    public var argument: String { rawValue }

    /// Same as `argument`.
    public var description: String { rawValue }
}

/// A feed setting from the command line, `VALUE[@FEED]`: for one feed, or without `@FEED` for all.
public struct FeedSetting<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The fault or delay.
    public var value: Value
    /// The feed it applies to; nil for every feed.
    public var feed: SimulatedFeed?

    /// Creates a setting.
    public init(_ value: Value, feed: SimulatedFeed? = nil) {
        self.value = value
        self.feed = feed
    }

    /// Splits `VALUE@FEED` and parses both halves; nil when either is unknown.
    static func parse(_ argument: String, value parseValue: (String) -> Value?) -> FeedSetting? {
        let parts = argument.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let value = parseValue(parts[0]) else { return nil }
        guard parts.count == 2 else { return FeedSetting(value) }
        guard let feed = SimulatedFeed(rawValue: parts[1].lowercased()) else { return nil }
        return FeedSetting(value, feed: feed)
    }
}
