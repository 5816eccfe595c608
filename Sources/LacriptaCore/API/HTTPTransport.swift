import Foundation

/// One HTTP GET, as lacripta needs it.
public struct HTTPRequest: Sendable {
    /// The full URL.
    public var url: URL
    /// Header fields. May hold the API key: never log them.
    public var headers: [String: String]
    /// How long the request may take in all.
    public var timeout: TimeInterval

    /// Creates a request.
    public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval = 15) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
    }
}

/// The answer to an `HTTPRequest`.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields, names lower-cased.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why a request got no HTTP answer at all.
public enum TransportFailure: Error, Sendable, Equatable {
    /// Nothing within the timeout.
    case timedOut
    /// The host name did not resolve.
    case hostNotFound
    /// The connection was refused or dropped.
    case cannotConnect
    /// The TLS handshake or certificate check failed.
    case tls
    /// The CA bundle named by LACRIPTA_CA_FILE could not be loaded: a local mistake, not an outage.
    case caFile
    /// The answer was larger than the transport accepts (`limit` bytes): the server is not the
    /// service, or is broken; waiting will not help.
    case tooLarge(limit: Int)
    /// Anything else, in our own words.
    case other(String)
}

/// Sends HTTP requests. The seam between the REST client and the network: production uses
/// `NativeHTTPTransport` on Linux and URLSession on Apple platforms (`HTTPTransports`); tests use
/// the same over real sockets to fake servers, or a scripted transport.
public protocol HTTPTransport: Sendable {
    /// Performs a GET. Throws `TransportFailure` when there is no HTTP answer.
    func get(_ request: HTTPRequest) async throws -> HTTPResponse
}
