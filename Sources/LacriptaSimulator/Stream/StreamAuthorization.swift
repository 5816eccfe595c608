import Foundation

/// Where a streamer client put its key: `authorization: Apikey KEY` on the upgrade (any case of
/// the header name and scheme) or `?api_key=KEY` in the URL, as the service accepts both.
///
/// The key is only compared, never stored, printed or echoed.
enum StreamAuthorization {
    /// The header the documentation names.
    static let headerName = "authorization"
    /// The scheme word before the key.
    static let scheme = "apikey"
    /// The query parameter the documentation names.
    static let queryName = "api_key"

    /// Whether the upgrade request carries `required` in either place.
    static func isAuthorized(
        headers: [(name: String, value: String)], target: String, required: RequiredAPIKey
    ) -> Bool {
        candidates(headers: headers, target: target).contains { required.matches($0) }
    }

    /// Every key the request offers.
    private static func candidates(headers: [(name: String, value: String)], target: String) -> [String] {
        var keys: [String] = []
        for header in headers where header.name.lowercased() == headerName {
            let value = header.value.trimmingCharacters(in: .whitespaces)
            let parts = value.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == scheme {
                keys.append(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        let items = URLComponents(string: "ws://127.0.0.1" + target)?.queryItems ?? []
        keys += items.filter { $0.name == queryName }.compactMap(\.value)
        return keys
    }

    /// The path of a request target without its query (`/v2?api_key=…` → `/v2`).
    static func path(of target: String) -> String {
        String(target.prefix { $0 != "?" && $0 != "#" })
    }
}
