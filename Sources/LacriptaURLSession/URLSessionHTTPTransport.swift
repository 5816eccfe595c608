import Foundation
import LacriptaNet

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPTransport` over URLSession, for Apple platforms, where it is the system's own stack and
/// costs nothing extra. The Linux product uses `NativeHTTPTransport` instead: there URLSession means
/// FoundationNetworking and libcurl, about a third of lacripta's memory for a few GETs. It still
/// builds and is tested on Linux, so a compile error shows here before anyone builds on a Mac.
///
/// Redirects follow `RedirectChain`, as the native transport does, through a delegate; the body
/// limit is checked while the bytes arrive (on Apple platforms). Trust comes from the system keychain; an extra CA bundle
/// (LACRIPTA_CA_FILE) would need an authentication-challenge delegate and is not supported
/// here yet.
public struct URLSessionHTTPTransport: HTTPTransport {
    private let session: URLSession
    /// The largest response body accepted; larger ones fail with `.responseTooLarge`.
    public var maxResponseSize: Int
    /// The most redirects followed; the next one fails with `.tooManyRedirects`.
    public var maxRedirects: Int

    /// Creates a transport with a private, cookie-less, cache-less session; `timeout` bounds each
    /// request.
    public init(
        timeout: TimeInterval = 15, maxResponseSize: Int = NativeHTTPTransport.defaultMaxResponseSize,
        maxRedirects: Int = NativeHTTPTransport.defaultMaxRedirects
    ) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration)
        self.maxResponseSize = maxResponseSize
        self.maxRedirects = maxRedirects
    }

    /// Performs a GET and maps URLSession's errors onto `NetError`.
    public func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.httpMethod = "GET"
        for (name, value) in request.fields { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let redirects = RedirectDelegate(request: request, limit: maxRedirects)
        do {
            let (body, http) = try await fetch(urlRequest, fallbackURL: request.url, delegate: redirects)
            return HTTPResponse(status: http.statusCode, headers: Self.fields(of: http), body: body, url: http.url ?? request.url)
        } catch let error as URLError {
            if let refused = redirects.failure { throw refused }
            throw Self.failure(for: error, url: error.failingURL ?? request.url)
        }
    }

    /// The body and head of one exchange, the body no larger than `maxResponseSize`. Apple's
    /// URLSession streams the body, so the limit is checked while the bytes arrive;
    /// FoundationNetworking has no `bytes(for:)`, so there the whole body arrives first.
    private func fetch(
        _ urlRequest: URLRequest, fallbackURL: URL, delegate: RedirectDelegate
    ) async throws -> (Data, HTTPURLResponse) {
        #if canImport(Darwin)
        let (bytes, response) = try await session.bytes(for: urlRequest, delegate: delegate)
        let http = try Self.http(response, fallbackURL: fallbackURL)
        let tooLarge = NetError(.responseTooLarge(limit: maxResponseSize), url: http.url ?? fallbackURL)
        if http.expectedContentLength > Int64(maxResponseSize) { throw tooLarge }
        var body = Data()
        body.reserveCapacity(Int(max(0, http.expectedContentLength)))
        for try await byte in bytes {
            guard body.count < maxResponseSize else { throw tooLarge }
            body.append(byte)
        }
        return (body, http)
        #else
        let (body, response) = try await session.data(for: urlRequest, delegate: delegate)
        let http = try Self.http(response, fallbackURL: fallbackURL)
        guard body.count <= maxResponseSize else {
            throw NetError(.responseTooLarge(limit: maxResponseSize), url: http.url ?? fallbackURL)
        }
        return (body, http)
        #endif
    }

    /// `response` as the HTTP response it must be.
    private static func http(_ response: URLResponse, fallbackURL: URL) throws -> HTTPURLResponse {
        guard let http = response as? HTTPURLResponse else { throw NetError(.malformedResponse, url: fallbackURL) }
        return http
    }

    /// Header fields keyed by lower-cased name, as `HTTPResponse` has them.
    static func fields(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return headers
    }

    /// The `NetError` a URLSession failure stands for.
    private static func failure(for error: URLError, url: URL) -> any Error {
        let kind: NetError.Kind
        switch error.code {
        case .cancelled: return CancellationError()
        case .timedOut: kind = .timedOut
        case .cannotFindHost, .dnsLookupFailed: kind = .hostNotFound
        case .cannotConnectToHost: kind = .connectionRefused
        case .networkConnectionLost, .notConnectedToInternet: kind = .connectionLost
        case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot: kind = .tlsUntrustedCertificate
        case .serverCertificateHasBadDate, .serverCertificateNotYetValid: kind = .tlsCertificateExpired
        case .secureConnectionFailed, .clientCertificateRejected: kind = .tlsHandshakeFailed
        case .badServerResponse: kind = .malformedResponse
        case .httpTooManyRedirects: kind = .tooManyRedirects(limit: NativeHTTPTransport.defaultMaxRedirects)
        default: kind = .networkFailure
        }
        return NetError(kind, url: url, detail: "URLError \(error.code.rawValue)")
    }
}
