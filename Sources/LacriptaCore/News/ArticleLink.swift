import Foundation

/// Rules for article addresses from feeds: which are safe to show, which parameters are only
/// tracking, and when two addresses are the same article.
public enum ArticleLink {
    /// `text` as an absolute http(s) address, resolving a relative one against `base`; nil for
    /// any other scheme (`javascript:`, `file:`, `data:`), which a feed has no business sending.
    public static func web(_ text: String, relativeTo base: URL? = nil) -> String? {
        guard let url = URL(string: text, relativeTo: base)?.absoluteURL, let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url.absoluteString
    }

    /// `link` without tracking parameters (`utm_*`, `fbclid`, `gclid`, …); everything else,
    /// including the order of the other parameters, is kept.
    ///
    /// Unparseable text is returned as is.
    public static func removingTracking(_ link: String) -> String {
        // Most links have no query at all; parsing them is a large part of reading a feed.
        guard link.utf8.contains(UInt8(ascii: "?")), var components = URLComponents(string: link), let items = components.queryItems else {
            return link
        }
        let kept = items.filter { !isTracking($0.name) }
        guard kept.count != items.count else { return link }
        components.queryItems = kept.isEmpty ? nil : kept
        return components.string ?? link
    }

    /// A key that is equal for two addresses of the same article: scheme and host lower-cased,
    /// `http` read as `https`, `www.` and a default port dropped, a trailing slash and the fragment
    /// dropped, tracking parameters removed and the rest sorted.
    ///
    /// Cointelegraph lists one story twice with different `utm_medium`; The Block appends
    /// `?utm_source=rss`.
    public static func canonical(_ link: String) -> String {
        let trimmed = link.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed), let host = components.host?.lowercased(), !host.isEmpty else {
            return trimmed
        }
        let scheme = components.scheme?.lowercased() == "http" ? "https" : (components.scheme?.lowercased() ?? "https")
        let bareHost = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        let port = components.port.flatMap { [80, 443].contains($0) ? nil : ":\($0)" } ?? ""
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        let query = (components.percentEncodedQueryItems ?? [])
            .filter { !isTracking($0.name) }
            .map { item in item.value.map { "\(item.name)=\($0)" } ?? item.name }
            .sorted()
            .joined(separator: "&")
        return "\(scheme)://\(bareHost)\(port)\(path)" + (query.isEmpty ? "" : "?\(query)")
    }

    /// Whether a query parameter only tracks the click: Google Analytics' `utm_*`, ad-click ids and
    /// mailing-list ids.
    ///
    /// None of them changes which page is served.
    private static func isTracking(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasPrefix("utm_") || trackingNames.contains(lower)
    }

    private static let trackingNames: Set<String> = ["fbclid", "gclid", "dclid", "msclkid", "mc_cid", "mc_eid", "igshid", "_ga", "yclid"]
}
