import Foundation
import LacriptaNet

extension CryptoCompareClient {
    /// Our words for a request that got no usable answer: the one place a `NetError` becomes a
    /// `LacriptaError`. Only the network's own failures are `unavailable` (and so may fall back to
    /// the cache); a CA bundle that does not load or an answer past the size limit will not get
    /// better by waiting. The host named is the one that failed, which after a redirect is not
    /// the configured one; a redirect the client refuses is the configured service's doing.
    static func error(for failure: NetError, url: URL, endpoint: Endpoint, timeout: TimeInterval) -> LacriptaError {
        let failed = failure.url ?? url
        let host = hostDescription(failed)
        switch failure.kind {
        case .caFileUnreadable:
            return .configuration("LACRIPTA_CA_FILE (or `ca_file`) does not load as a PEM CA bundle: check the file, or unset it")
        case .responseTooLarge(let limit):
            return .badData(
                endpoint: endpoint.path, detail: "the answer from \(host) is larger than \(NetError.size(limit)), far more than any real one")
        case .timedOut, .connectTimedOut:
            // "10 s", not "10.0 s"; a whole number too large for an Int keeps its Double spelling.
            let whole = timeout == timeout.rounded() ? Int(towardZero: timeout) : nil
            return .unavailable("\(host) did not answer within \(whole.map(String.init) ?? String(timeout)) s")
        case .hostNotFound:
            return .unavailable("cannot resolve \(failed.host ?? host)")
        case .connectionRefused, .connectionLost, .networkFailure:
            return .unavailable("cannot connect to \(host)")
        case .tlsUnavailable, .tlsUntrustedCertificate, .tlsHostnameMismatch, .tlsCertificateExpired, .tlsHandshakeFailed:
            return .unavailable("the TLS connection to \(host) failed (untrusted certificate? see LACRIPTA_CA_FILE)")
        case .invalidURL, .invalidHeader, .cancelled, .malformedResponse, .emptyResponse, .truncatedResponse, .unsupportedEncoding:
            return .unavailable("cannot reach \(host): \(failure.reason)")
        case .tooManyRedirects, .insecureRedirect, .invalidRedirect:
            // The configured service is the one redirecting; the reason names where it pointed.
            return .unavailable("cannot reach \(hostDescription(url)): \(failure.reason)")
        }
    }

    /// `host:port` of `url` as messages name it (the port only when the URL has one).
    static func hostDescription(_ url: URL) -> String {
        guard let host = url.host else { return url.absoluteString }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
