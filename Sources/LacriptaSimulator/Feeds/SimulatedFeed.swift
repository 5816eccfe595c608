/// The news feeds the simulator serves: one per outlet shape in the keyless reference (§2), each
/// from `Resources/recorded/sim-feed-<slug>.xml` (the recorded items verbatim plus constructed
/// ones in the same shape; `KEYLESS.md` says which).
///
/// Eight of them, so a benchmark can ask eight slow feeds at once. The slug is the raw value and
/// names the path: `/feeds/<slug>.xml`.
public enum SimulatedFeed: String, Sendable, CaseIterable, CustomStringConvertible {
    /// RSS 2.0 from Arc/Sanity: CDATA titles (one ending in a space), `domain="tag"` categories,
    /// `media:content` with a nested element, an empty `media:keywords`, two authors in one
    /// `dc:creator`, a 2023 item among 2026 ones.
    case coinDesk = "coindesk"
    /// CDATA links with raw `&`, HTML descriptions opening with a floated image (or a tracking
    /// pixel), `Cointelegraph by` authors, `&#x27;`, the same story twice with other tracking.
    /// Refuses requests without a User-Agent (403, as recorded in 2023).
    case coinTelegraph = "cointelegraph"
    /// Cointelegraph's per-coin tag feed for bitcoin (`utm_medium=rss_tag_bitcoin`).
    case coinTelegraphBitcoin = "cointelegraph-bitcoin"
    /// Plain titles with `&#39;` and `&amp;`, `enclosure` images with a fake length, thumbnails.
    case decrypt = "decrypt"
    /// Tab-indented WordPress-like RSS with `<lastBuildDate >`, `-0400` items under a `+0000`
    /// channel date, `&#8217;`, `media:thumbnail`, CDATA descriptions padded with newlines.
    case theBlock = "theblock"
    /// Atom: `published`/`updated` with and without milliseconds, `Z`, `+00:00`, `+02:00` and
    /// `-04:00`, a relative link, HTML and text summaries.
    case blockworks = "blockworks"
    /// Google News search: `GMT` dates, ` - Publisher` title suffixes, `<source>`, entity-escaped
    /// HTML descriptions (`&amp;nbsp;`), a CJK title.
    case googleNews = "google-news"
    /// WordPress RSS (CryptoSlate): odd dates (`-0500`, `EST` without seconds, `EDT` with a
    /// one-digit hour, single-digit days, no weekday, `GMT`), an item without a date, "The post …
    /// appeared first on" descriptions with `[&#8230;]`, `content:encoded`, `&#38;`.
    case cryptoSlate = "cryptoslate"

    /// The outlet's display name, as a client would configure it.
    public var outletName: String {
        switch self {
        case .coinDesk: "CoinDesk"
        case .coinTelegraph, .coinTelegraphBitcoin: "Cointelegraph"
        case .decrypt: "Decrypt"
        case .theBlock: "The Block"
        case .blockworks: "Blockworks"
        case .googleNews: "Google News"
        case .cryptoSlate: "CryptoSlate"
        }
    }

    /// The recorded document's file name.
    var fileName: String { "sim-feed-\(rawValue).xml" }

    /// The feed's path on the simulator.
    public var path: String { "\(NewsFeedServer.mount)/\(rawValue).xml" }

    /// Where the redirect faults send a client: the same document, never faulty.
    var movedPath: String { "\(NewsFeedServer.mount)/moved/\(rawValue).xml" }

    /// The `Content-Type` the outlet sends (The Block's is recorded; the others are the usual ones).
    var contentType: String {
        switch self {
        case .theBlock: "text/xml; charset=UTF-8"
        case .blockworks: "application/atom+xml; charset=utf-8"
        default: "application/rss+xml; charset=utf-8"
        }
    }

    /// Whether the outlet answers a request without a User-Agent with 403 (Cointelegraph:
    /// "It works when 'User-Agent' header is added", rbren/rss-parser#229).
    var requiresUserAgent: Bool { self == .coinTelegraph || self == .coinTelegraphBitcoin }

    /// The slug.
    public var description: String { rawValue }
}
