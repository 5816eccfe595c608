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
#endif
