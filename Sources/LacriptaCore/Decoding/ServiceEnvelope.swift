import Foundation
import LacriptaNet

/// Recognises CryptoCompare's error answers before the body is decoded as data.
///
/// Errors come back as HTTP 200 with `"Response":"Error"` (rate limit Type 99, unknown symbols
/// Type 1/2, "Path does not exist" Type 0, the legacy auth message), or since May 2026 as HTTP 401
/// with `{"Data":{},"Err":{...}}`. Server errors and HTML pages (a proxy or outage page) mean the
/// service is unavailable, not that it sent bad data. A 404 or "Path does not exist" means the
/// configured URL is wrong, which no cache should paper over.
///
/// A `Retry-After` on a 429 or 503 says how long to wait: it becomes the rate limit's cooldown,
/// or part of the outage message.
enum ServiceEnvelope {
    /// Throws the `LacriptaError` the response stands for, or returns when it looks like data.
    /// `now` turns a `Retry-After` date into seconds.
    static func check(_ response: HTTPResponse, endpoint: Endpoint, now: Date = Date()) throws {
        let name = endpoint.displayName
        let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        let retryAfter = response.retryAfter?.seconds(from: now)
        if response.status == 401 || response.status == 403 {
            throw LacriptaError.unauthorized(.missingKey)
        }
        if response.status == 429 {
            throw LacriptaError.rateLimited(.init(cooldownSeconds: retryAfter))
        }
        if response.status >= 500 {
            let wait = response.status == 503 ? retryAfter.map { " and asks to retry in \($0) s" } ?? "" : ""
            throw LacriptaError.unavailable("CryptoCompare answered HTTP \(response.status) for \(endpoint.path)\(wait)")
        }
        if response.status == 404 || response.status == 410 {
            throw wrongAddress(endpoint, "HTTP \(response.status)")
        }
        if (400..<500).contains(response.status) {
            // The request itself was refused: retrying or serving the cache would hide it.
            throw LacriptaError.service("HTTP \(response.status) for \(endpoint.path)")
        }
        if looksLikeHTML(response) {
            throw LacriptaError.unavailable("CryptoCompare answered \(endpoint.path) with a web page instead of JSON (HTTP \(response.status))")
        }
        if response.status != 200 {
            throw LacriptaError.unavailable("CryptoCompare answered HTTP \(response.status) for \(endpoint.path)")
        }
        guard let object else { return }  // arrays and undecodable bodies are left to the decoder
        if object["Err"] is [String: Any] {
            throw LacriptaError.unauthorized(.missingKey)
        }
        guard (object["Response"] as? String) == "Error" else { return }
        let message = (object["Message"] as? String) ?? ""
        let type = wholeNumber(object["Type"]) ?? -1
        if type == 99 {
            throw LacriptaError.rateLimited(rateLimitInfo(object))
        }
        let lower = message.lowercased()
        if lower.contains("auth key") || lower.contains("api key") {
            throw LacriptaError.unauthorized(.rejectedKey)
        }
        if type == 0 {
            throw wrongAddress(endpoint, "\"Path does not exist\"")
        }
        let aboutASymbol = lower.contains("does not exist for this coin pair") || lower.contains("there is no data for")
        if type == 1 || type == 2, aboutASymbol, let symbol = symbol(in: message, endpoint: endpoint) {
            throw LacriptaError.unknownSymbol(symbol, detail: "CryptoCompare has no data for it")
        }
        throw LacriptaError.service(message.isEmpty ? "unknown error (Type \(type)) for \(name)" : message)
    }

    /// The configured base URL does not lead to the API (a wrong path prefix, another service):
    /// the user's to fix, never an outage to ride out on cached data.
    private static func wrongAddress(_ endpoint: Endpoint, _ answer: String) -> LacriptaError {
        .configuration(
            "the service at the configured API URL does not know \(endpoint.path) (\(answer)): check LACRIPTA_API_URL or `api_url`")
    }

    private static func looksLikeHTML(_ response: HTTPResponse) -> Bool {
        if let type = response.headers["content-type"], type.lowercased().contains("text/html") { return true }
        let prefix = response.body.prefix(64).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        return prefix.first == UInt8(ascii: "<")
    }

    private static func rateLimitInfo(_ object: [String: Any]) -> LacriptaError.RateLimitInfo {
        let limits = object["RateLimit"] as? [String: Any] ?? [:]
        func counts(_ key: String) -> [String: Int] {
            (limits[key] as? [String: Any] ?? [:]).compactMapValues(wholeNumber)
        }
        return .init(
            callsMade: counts("calls_made"),
            maxCalls: counts("max_calls"),
            cooldownSeconds: wholeNumber(object["Cooldown"])
        )
    }

    /// A JSON number as an `Int`, clamped. Not `NSNumber.intValue`: that wraps what does not fit
    /// (`1e30` reads as `Int.min`, 2⁶⁴-1 as -1), so a huge cooldown would read as none at all.
    private static func wholeNumber(_ value: Any?) -> Int? {
        (value as? NSNumber).map { Int(clamping: $0.doubleValue) }
    }

    /// The symbol an unknown-pair error is about: from the message when it names one
    /// ("…coin pair (EZETH-USD)", "…toSymbols XYZ ."), else from the request.
    private static func symbol(in message: String, endpoint: Endpoint) -> String? {
        if let open = message.lastIndex(of: "("), let close = message.lastIndex(of: ")"), open < close {
            return String(message[message.index(after: open)..<close])
        }
        for marker in ["toSymbols ", "symbol "] {
            if let range = message.range(of: marker) {
                let rest = message[range.upperBound...].split(separator: " ").first.map(String.init)
                if let rest, !rest.isEmpty, rest != "." { return rest }
            }
        }
        switch endpoint {
        case .toplist(let currency, _, _): return currency
        case .news(let category, _, _): return category
        case .newsCategories, .newsFeeds, .coinList: return nil
        case .quotes(let symbols, _): return symbols.joined(separator: ",")
        case .history(let symbol, _, _), .bars(_, let symbol, _, _, _, _): return symbol
        }
    }
}
