import Foundation
import LacriptaNet

/// Which service a request went to, as failure messages name it: the source's name, the setting
/// that points at it, and the request's path.
struct RequestSite: Sendable {
    /// "CryptoCompare", "CoinGecko", or a news outlet's name.
    var source: String
    /// The setting that holds the service's URL ("LACRIPTA_API_URL"), named in the advice.
    var setting: String
    /// The request's path, for "cannot read" messages.
    var path: String
}

extension NetError {
    /// Our words for a request that got no usable answer: the one place a `NetError` becomes a
    /// `LacriptaError`. Only the network's own failures are `unavailable` (and so may fall back to
    /// the cache); a CA bundle that does not load or an answer past the size limit will not get
    /// better by waiting. The host named is the one that failed, which after a redirect is not
    /// the configured one; a redirect the client refuses is the configured service's doing.
    func lacriptaError(url: URL, site: RequestSite, timeout: TimeInterval) -> LacriptaError {
        let failed = self.url ?? url
        let host = Self.hostDescription(failed)
        switch kind {
        case .caFileUnreadable:
            return .configuration("LACRIPTA_CA_FILE (or `ca_file`) does not load as a PEM CA bundle: check the file, or unset it")
        case .responseTooLarge(let limit):
            return .badData(
                endpoint: site.path, detail: "the answer from \(host) is larger than \(NetError.size(limit)), far more than any real one",
                source: site.source)
        case .timedOut, .connectTimedOut:
            // "10 s", not "10.0 s"; a whole number too large for an Int keeps its Double spelling.
            let whole = timeout == timeout.rounded() ? Int(towardZero: timeout) : nil
            return .unavailable("\(host) did not answer within \(whole.map(String.init) ?? String(timeout)) s", setting: site.setting)
        case .hostNotFound:
            return .unavailable("cannot resolve \(failed.host ?? host)", setting: site.setting)
        case .connectionRefused, .connectionLost, .networkFailure:
            return .unavailable("cannot connect to \(host)", setting: site.setting)
        case .tlsUnavailable, .tlsUntrustedCertificate, .tlsHostnameMismatch, .tlsCertificateExpired, .tlsHandshakeFailed:
            return .unavailable(kind.tlsFailure?.message(host: host) ?? "the TLS connection to \(host) failed", setting: site.setting)
        case .invalidURL, .invalidHeader, .cancelled, .malformedResponse, .emptyResponse, .truncatedResponse, .unsupportedEncoding:
            return .unavailable("cannot reach \(host): \(reason)", setting: site.setting)
        case .tooManyRedirects, .insecureRedirect, .invalidRedirect:
            // The configured service is the one redirecting; the reason names where it pointed.
            return .unavailable("cannot reach \(Self.hostDescription(url)): \(reason)", setting: site.setting)
        }
    }

    /// `host:port` of `url` as messages name it (the port only when the URL has one).
    static func hostDescription(_ url: URL) -> String {
        guard let host = url.host else { return url.absoluteString }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}

extension HTTPTransport {
    /// Sends `request`, turning every failure into a `LacriptaError` named after `site`;
    /// cancellation stays cancellation.
    func get(_ request: HTTPRequest, site: RequestSite) async throws -> HTTPResponse {
        do {
            return try await get(request)
        } catch let failure as NetError {
            throw failure.lacriptaError(url: request.url, site: site, timeout: request.timeout)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw LacriptaError.unavailable("cannot reach \(NetError.hostDescription(request.url))", setting: site.setting)
        }
    }
}
