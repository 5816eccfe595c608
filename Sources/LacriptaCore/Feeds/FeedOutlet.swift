import Foundation

/// A news outlet's RSS or Atom feed: the name lacripta shows as an article's source, and where the
/// feed lives.
///
/// The known outlets are listed here and nowhere else.
public struct FeedOutlet: Sendable, Hashable {
    /// The outlet's display name ("The Block"); also names the feed in errors.
    public var name: String
    /// The feed's address.
    public var url: URL
    /// Whether the feed's format is known from recorded samples (keyless reference §2.1–2.4);
    /// the others are configured widely but were never seen by us.
    public var isVerified: Bool
    /// Whether `name` is only the feed's host (a feed the user configured that no table knows):
    /// the feed's own title then names it once read.
    public var isNamedByHost = false

    /// Creates an outlet.
    public init(name: String, url: URL, isVerified: Bool = false) {
        self.name = name
        self.url = url
        self.isVerified = isVerified
    }

    /// An outlet for a feed URL no table knows, named by its host and path (`example.com/feed`)
    /// until its title is read: a failure must say which of several feeds on one host failed.
    public static func unknown(_ url: URL) -> FeedOutlet {
        let path = url.path == "/" ? "" : url.path
        let host = name(forHost: url) + (url.port.map { ":\($0)" } ?? "")
        var outlet = FeedOutlet(name: host + path, url: url)
        outlet.isNamedByHost = true
        return outlet
    }

    /// The name to show for this outlet once its feed says its `title`, when the outlet is only
    /// named by its host: the title on one line, without the tagline feeds append after a colon,
    /// bar or dash ("CoinDesk: Bitcoin, Ethereum, Crypto News" is "CoinDesk"), at most 40 characters.
    public func displayName(feedTitle title: String?) -> String {
        guard isNamedByHost, let title else { return name }
        var words = title.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        for separator in [": ", " | ", " - ", " — "] {
            if let range = words.range(of: separator), range.lowerBound != words.startIndex {
                words = String(words[..<range.lowerBound])
            }
        }
        return words.isEmpty ? name : String(words.prefix(40))
    }

    /// The outlets read by default: those whose feeds are recorded, so their quirks are tested.
    public static let defaults: [FeedOutlet] = all.filter(\.isVerified)

    /// Every known outlet: the defaults, then WordPress and other feeds whose format is unverified
    /// (reference §2.5–2.7), for a user who asks for them.
    public static let all: [FeedOutlet] = table.compactMap { name, address, verified in
        URL(string: address).map { FeedOutlet(name: name, url: $0, isVerified: verified) }
    }

    /// The known outlet whose feed is at `url`, if any.
    public static func known(_ url: URL) -> FeedOutlet? {
        all.first { $0.url == url }
    }

    /// A name for a feed no table knows: its host without `www.` ("example.com"), the way a person
    /// would name the site.
    public static func name(forHost url: URL) -> String {
        let host = url.host ?? url.absoluteString
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }

    /// Name, feed URL and whether a sample is recorded, from the keyless reference §0 and §2.
    private static let table: [(String, String, Bool)] = [
        ("CoinDesk", "https://www.coindesk.com/arc/outboundfeeds/rss/", true),
        ("Cointelegraph", "https://cointelegraph.com/rss", true),
        ("Decrypt", "https://decrypt.co/feed", true),
        ("The Block", "https://www.theblock.co/rss.xml", true),
        ("Bitcoin Magazine", "https://bitcoinmagazine.com/.rss/full/", false),
        ("CryptoSlate", "https://cryptoslate.com/feed/", false),
        ("Bitcoinist", "https://bitcoinist.com/feed/", false),
        ("NewsBTC", "https://www.newsbtc.com/feed/", false),
        ("U.Today", "https://u.today/rss", false),
    ]

    /// Cointelegraph's per-tag feed (`/rss/tag/bitcoin`), the one known per-coin feed; its tags are
    /// lower-case full names (`bitcoin`, `ethereum`, `solana`).
    ///
    /// Nil for anything but a slug of letters, digits and hyphens, so a coin name cannot inject a
    /// path or query.
    public static func cointelegraph(tag: String) -> FeedOutlet? {
        let slug = tag.lowercased()
        guard !slug.isEmpty, slug.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else {
            return nil
        }
        var components = URLComponents()
        components.scheme = "https"
        components.host = "cointelegraph.com"
        components.path = "/rss/tag/\(slug)"
        return components.url.map { FeedOutlet(name: "Cointelegraph", url: $0, isVerified: true) }
    }
}
