#if canImport(Darwin)
    import Foundation

    /// `HTTPTransport` over URLSession, for Apple platforms, where it is the system's own stack and
    /// costs nothing extra. Linux uses `NativeHTTPTransport` instead: there URLSession means
    /// FoundationNetworking and libcurl, about a third of lacripta's memory for a few GETs.
    ///
    /// Trust comes from the system keychain; an extra CA bundle (LACRIPTA_CA_FILE) would need an
    /// authentication-challenge delegate and is not supported here yet.
    public struct URLSessionHTTPTransport: HTTPTransport {
        private let session: URLSession

        /// Creates a transport with a private, cookie-less, cache-less session; `timeout` bounds each
        /// request.
        public init(timeout: TimeInterval = 15) {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            configuration.timeoutIntervalForResource = timeout
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            session = URLSession(configuration: configuration)
        }

        /// Performs a GET and maps URLSession's errors onto `NetError`.
        public func get(_ request: HTTPRequest) async throws -> HTTPResponse {
            var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
            urlRequest.httpMethod = "GET"
            for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
            do {
                let (data, response) = try await session.data(for: urlRequest)
                guard let http = response as? HTTPURLResponse else { throw NetError(.malformedResponse, url: request.url) }
                var headers: [String: String] = [:]
                for (name, value) in http.allHeaderFields {
                    if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
                }
                return HTTPResponse(status: http.statusCode, headers: headers, body: data, url: http.url ?? request.url)
            } catch let error as URLError {
                throw Self.failure(for: error, url: error.failingURL ?? request.url)
            }
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
            default: kind = .networkFailure
            }
            return NetError(kind, url: url, detail: "URLError \(error.code.rawValue)")
        }
    }
#endif
