/// What the simulated CoinGecko remembers about one request, for tests to assert on what the
/// client sent: the User-Agent it must send, and where (if anywhere) a Demo key travelled.
///
/// It never holds the key: the header is reduced to "present or not", and the value of the
/// `x_cg_demo_api_key` query parameter is replaced by `SimulatorRequestRecord.redactedValue`.
public struct CoinGeckoRequestRecord: Sendable, Equatable {
    /// The header CoinGecko reads a Demo key from (the recommended form).
    public static let demoKeyHeader = "x-cg-demo-api-key"
    /// The query parameter CoinGecko also reads a Demo key from.
    public static let demoKeyQueryName = "x_cg_demo_api_key"

    /// The method, e.g. `GET`.
    public let method: String
    /// The path below the simulator's CoinGecko mount, e.g. `/api/v3/coins/markets`.
    public let path: String
    /// The query parameters in order, the Demo key's value redacted.
    public let queryItems: [HTTPQueryItem]
    /// The `User-Agent` sent, if any (not a secret: it names the client).
    public let userAgent: String?
    /// Whether an `x-cg-demo-api-key` header (any case) was sent.
    public let hasDemoKeyHeader: Bool
    /// Whether the Demo key travelled in the URL.
    public let hasDemoKeyInQuery: Bool

    /// Builds the record from a request, dropping the key's value.
    public init(_ request: HTTPRequest) {
        method = request.method
        path = request.path
        var keyInQuery = false
        queryItems = request.queryItems.map { item in
            guard item.name == Self.demoKeyQueryName else { return item }
            keyInQuery = true
            return HTTPQueryItem(name: item.name, value: SimulatorRequestRecord.redactedValue)
        }
        hasDemoKeyInQuery = keyInQuery
        hasDemoKeyHeader = request.headers.contains(Self.demoKeyHeader)
        userAgent = request.headers["User-Agent"]
    }

    /// The (redacted) value of query parameter `name`.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }
}
