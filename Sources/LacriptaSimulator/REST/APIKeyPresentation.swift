/// The API keys a request carries, in every form min-api accepts.
///
/// Forms: header `Authorization: Apikey K` (name case-insensitive, prefix optional, as the
/// official tutorials send the bare key), and the query parameters `api_key` and `apiKey`.
struct APIKeyPresentation: Sendable {
    /// Query parameter names that carry a key.
    static let queryNames: Set<String> = ["api_key", "apiKey"]

    /// Every key found, header first; empty when the request carries none.
    let keys: [String]

    /// Collects the keys of `request`.
    init(_ request: HTTPRequest) {
        var keys: [String] = []
        if let header = request.headers["Authorization"] {
            var value = Substring(header).drop { $0 == " " }
            if value.lowercased().hasPrefix("apikey ") { value = value.dropFirst("apikey ".count) }
            let key = value.trimmingSpaces()
            if !key.isEmpty { keys.append(key) }
        }
        for item in request.queryItems where Self.queryNames.contains(item.name) && !item.value.isEmpty {
            keys.append(item.value)
        }
        self.keys = keys
    }

    /// The outcome of checking against the key the simulator requires.
    enum Verdict: Equatable {
        /// No key needed, or a matching key was sent.
        case accepted
        /// A key is required and none was sent.
        case missing
        /// Only non-matching keys were sent.
        case wrong
    }

    /// Checks the presented keys against `required` (`nil`: anything goes).
    func verdict(requiring required: RequiredAPIKey?) -> Verdict {
        guard let required else { return .accepted }
        if keys.isEmpty { return .missing }
        return keys.contains { required.matches($0) } ? .accepted : .wrong
    }
}
