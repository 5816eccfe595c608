/// What the simulator remembers about one request, for tests to assert on what the client sent.
///
/// It never holds an API key: the `authorization` header is reduced to "present or not", and the
/// values of the `api_key`/`apiKey` query parameters are replaced by `redactedValue`.
public struct SimulatorRequestRecord: Sendable, Equatable {
    /// What replaces a key value in `queryItems`.
    public static let redactedValue = "<redacted>"

    /// The method, e.g. `GET`.
    public let method: String
    /// The path, e.g. `/data/v2/news/`.
    public let path: String
    /// The query parameters in order, key values redacted.
    public let queryItems: [HTTPQueryItem]
    /// Whether an `Authorization` header (any case) was sent.
    public let hasAuthorizationHeader: Bool
    /// Whether the key travelled in the URL (`api_key` or `apiKey` query parameter).
    public let hasAPIKeyInQuery: Bool

    /// Builds the record from a request, dropping every key value.
    public init(_ request: HTTPRequest) {
        method = request.method
        path = request.path
        var keyInQuery = false
        queryItems = request.queryItems.map { item in
            guard APIKeyPresentation.queryNames.contains(item.name) else { return item }
            keyInQuery = true
            return HTTPQueryItem(name: item.name, value: Self.redactedValue)
        }
        hasAPIKeyInQuery = keyInQuery
        hasAuthorizationHeader = request.headers.contains("Authorization")
    }

    /// The (redacted) value of query parameter `name`.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }
}
