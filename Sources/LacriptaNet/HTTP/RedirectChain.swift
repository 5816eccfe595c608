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
/// - Once a redirect leaves the original origin (scheme, host and port, RFC 6454), every
///   credential header (`HTTPRequest.credentials`, and any `Authorization`, `Proxy-Authorization`
///   or `Cookie` a caller left among the plain headers) is dropped and stays dropped, even if a
///   later hop comes back: a key is for the service the user configured, not for wherever it
///   points. The port counts, as in curl's fix for CVE-2022-27776: another port on the same
///   host can be another program.
/// - Errors carry the URL the chain had reached (query stripped by `NetError`).
///
/// `package` so that LacriptaURLSession's redirect delegate follows the same rules.
package struct RedirectChain: Sendable {
    /// The statuses that redirect.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Standard header fields that carry a credential, dropped even when a caller put them among
    /// the plain headers.
    static let credentialNames: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// The most redirects followed for one request.
    let limit: Int
    /// The origin of the request as the caller made it.
    private let originalOrigin: Origin?
    /// Redirects followed so far.
    private(set) var followed = 0
    /// Set once a redirect left the original origin.
    private var leftOriginalOrigin = false

    /// Starts the chain of `request`.
    package init(for request: HTTPRequest, limit: Int) {
        self.limit = limit
        originalOrigin = Origin(request.url)
    }

    /// What follows `response` to `request`: nil to deliver the response, else the request to
    /// send next. Throws when the redirect breaks a rule above.
    package mutating func next(after response: HTTPResponse, to request: HTTPRequest) throws(NetError) -> HTTPRequest? {
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
        if Origin(target) != originalOrigin { leftOriginalOrigin = true }
        if leftOriginalOrigin {
            next.credentials = [:]
            for name in next.headers.keys where Self.credentialNames.contains(name.lowercased()) { next.headers[name] = nil }
        }
        return next
    }
}

extension RedirectChain {
    /// Scheme, host and port, the port made explicit (80 for http, 443 for https), so
    /// `https://a.example/` and `https://a.example:443/` are one origin and `:8443` another.
    struct Origin: Equatable {
        let scheme: String
        let host: String
        let port: Int

        init?(_ url: URL) {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            self.scheme = scheme
            self.host = host
            port = url.port ?? (scheme == "https" ? 443 : 80)
        }
    }
}
