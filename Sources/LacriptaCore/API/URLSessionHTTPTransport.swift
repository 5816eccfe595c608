import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPTransport` over URLSession (libcurl on Linux, the system stack on Apple platforms).
public struct URLSessionHTTPTransport: HTTPTransport {
    private let session: URLSession

    /// Creates a transport with a private, cookie-less, cache-less session. `caFile` adds a PEM
    /// CA bundle to the trusted roots (see `CertificateBundle`); `timeout` bounds each request.
    public init(caFile: String? = nil, timeout: TimeInterval = 15) {
        if let caFile { CertificateBundle.trust(extraBundle: caFile) }
        let configuration = URLSessionConfiguration.ephemeral
        // FoundationNetworking on Linux takes the session's timeouts, not the request's.
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration)
    }

    /// Performs a GET and maps URLSession's errors onto `TransportFailure`.
    public func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        urlRequest.httpMethod = "GET"
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        do {
            let (data, response) = try await session.data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else { throw TransportFailure.other("not an HTTP response") }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            return HTTPResponse(status: http.statusCode, headers: headers, body: data)
        } catch let error as URLError {
            throw Self.failure(for: error)
        }
    }

    private static func failure(for error: URLError) -> TransportFailure {
        switch error.code {
        case .timedOut: .timedOut
        case .cannotFindHost, .dnsLookupFailed: .hostNotFound
        case .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet: .cannotConnect
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            .tls
        case .badServerResponse: .other("the server's answer was not valid HTTP")
        default: .other("network error \(error.code.rawValue)")
        }
    }
}
