#if canImport(Darwin)
import Foundation

/// `HTTPTransport` over URLSession, for Apple platforms, where it is the system's own stack and
/// costs nothing extra. Linux uses `NativeHTTPTransport` instead: there URLSession means
/// FoundationNetworking and libcurl, about a third of lacripta's memory for a few GETs.
///
/// Redirects follow `RedirectChain`, as on Linux, through a delegate; the body limit is
/// checked while the bytes arrive. Trust comes from the system keychain; an extra CA bundle
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
            let (bytes, response) = try await session.bytes(for: urlRequest, delegate: redirects)
            guard let http = response as? HTTPURLResponse else { throw NetError(.malformedResponse, url: request.url) }
            let url = http.url ?? request.url
            let tooLarge = NetError(.responseTooLarge(limit: maxResponseSize), url: url)
            if http.expectedContentLength > Int64(maxResponseSize) { throw tooLarge }
            var body = Data()
            body.reserveCapacity(Int(max(0, http.expectedContentLength)))
            for try await byte in bytes {
                guard body.count < maxResponseSize else { throw tooLarge }
                body.append(byte)
            }
            return HTTPResponse(status: http.statusCode, headers: Self.fields(of: http), body: body, url: url)
        } catch let error as URLError {
            if let refused = redirects.failure { throw refused }
            throw Self.failure(for: error, url: error.failingURL ?? request.url)
        }
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

/// Applies `RedirectChain` to URLSession's redirects, so Apple platforms follow the same rules
/// as `NativeHTTPTransport`: the limit, no https:// to http://, and no credential header once
/// the chain leaves the original origin (URLSession would copy every header to the new request).
final class RedirectDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    /// The chain, the request it has reached, and why it stopped (if it refused a redirect).
    private struct State {
        var chain: RedirectChain
        var current: HTTPRequest
        var failure: NetError?
    }

    private let state: Locked<State>

    /// Starts the chain of `request`.
    init(request: HTTPRequest, limit: Int) {
        state = Locked(State(chain: RedirectChain(for: request, limit: limit), current: request))
    }

    /// The refused redirect that cancelled the task, if any.
    var failure: NetError? { state.withLock { $0.failure } }

    /// Follows, delivers or refuses one redirect as `RedirectChain` says.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest proposed: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let answer = HTTPResponse(
            status: response.statusCode, headers: URLSessionHTTPTransport.fields(of: response), body: Data(), url: response.url)
        let step: Result<HTTPRequest?, NetError> = state.withLock { state in
            let current = state.current
            let step = Result { () throws(NetError) in try state.chain.next(after: answer, to: current) }
            switch step {
            case .success(let next?): state.current = next
            case .success(nil): break
            case .failure(let error): state.failure = error
            }
            return step
        }
        switch step {
        case .success(let next?):
            var request = proposed
            request.url = next.url
            request.httpMethod = "GET"
            request.allHTTPHeaderFields = next.fields
            completionHandler(request)
        case .success(nil):
            completionHandler(nil)  // not a redirect we follow: the 3xx is the answer
        case .failure:
            completionHandler(nil)
            task.cancel()
        }
    }
}
#endif
