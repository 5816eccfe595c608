import Foundation

/// The redirects of one GET, as a value the transports consult after each response: it says
/// whether to deliver the response or which request to send next, and does no I/O, so its rules
/// are tested without sockets and both transports follow the same ones.
///
/// The rules (RFC 9110 §15.4, tightened for a client that carries a secret):
/// - 301, 302, 303, 307 and 308 with a `Location` are followed, always as a GET (the only
///   method this client sends, so 303's switch to GET and 307/308's "same method" agree).
///   A 3xx without `Location`, and every other status, is the answer.
/// - At most `limit` redirects; the next one fails with `.tooManyRedirects`.
/// - Never from https:// to http://: that would send the request, key header included, in
///   clear text. It fails with `.insecureRedirect`.
/// - Once a redirect leaves the original host, `Authorization` is dropped and stays dropped:
///   the key is for the service the user configured, not for wherever it points.
/// - Errors carry the URL the chain had reached (query stripped by `NetError`).
struct RedirectChain: Sendable {
    /// The statuses that redirect.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The most redirects followed for one request.
    let limit: Int
    /// The host of the request as the caller made it, lower-cased.
    private let originalHost: String?
    /// Redirects followed so far.
    private(set) var followed = 0
    /// Set once a redirect left the original host.
    private var leftOriginalHost = false

    /// Starts the chain of `request`.
    init(for request: HTTPRequest, limit: Int) {
        self.limit = limit
        originalHost = request.url.host?.lowercased()
    }

    /// What follows `response` to `request`: nil to deliver the response, else the request to
    /// send next. Throws when the redirect breaks a rule above.
    mutating func next(after response: HTTPResponse, to request: HTTPRequest) throws(NetError) -> HTTPRequest? {
        guard Self.statuses.contains(response.status), let location = response.headers["location"], !location.isEmpty else {
            return nil
        }
        guard let target = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: request.url)?.absoluteURL,
            URLTarget(url: target, schemes: .http) != nil
        else { throw NetError(.invalidRedirect, url: request.url) }
        if request.url.scheme?.lowercased() == "https", target.scheme?.lowercased() == "http" {
            throw NetError(.insecureRedirect, url: target)
        }
        guard followed < limit else { throw NetError(.tooManyRedirects(limit: limit), url: target) }
        followed += 1
        var next = request
        next.url = target
        if target.host?.lowercased() != originalHost { leftOriginalHost = true }
        if leftOriginalHost {
            for name in next.headers.keys where name.lowercased() == "authorization" { next.headers[name] = nil }
        }
        return next
    }
}
