import Foundation

/// What a failed CoinGecko answer means, read from its status, content type and body.
///
/// CoinGecko has four JSON error shapes and Cloudflare HTML pages besides (keyless reference
/// §1.12), so the status decides first and the body only refines it; the body is never assumed
/// to be JSON. `kind` is for the client to act on (wait, fix the key, tell the user the coin does
/// not exist); `exitCode` is the class of failure for scripts. Like `LacriptaError`, the
/// description uses only our own words: the service's message is kept apart in `serviceMessage`.
public struct CoinGeckoFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The failure classes lacripta tells apart.
    public enum Kind: Sendable, Equatable {
        /// HTTP 429: over the per-IP (or per-key) limit; wait for `Retry-After`, else 60 s.
        case rateLimited
        /// HTTP 403 naming the User-Agent: a request went out without one (our bug, since 2026-01).
        case userAgentRequired
        /// A Cloudflare page or firewall code (`1020`): this IP is banned for a while.
        case blocked
        /// Error 10012: history beyond 365 days needs a paid plan.
        case historyLimit
        /// HTTP 401 or error 10002: the endpoint or host needs a key.
        case keyRequired
        /// Error 10005: the key's plan does not include the endpoint.
        case planRestricted
        /// Error 10011: a Demo key sent to the pro host.
        case wrongHostForKey
        /// HTTP 404 `coin not found`: no coin has that id.
        case coinNotFound
        /// HTTP 400 `invalid vs_currency`: CoinGecko does not quote in that currency.
        case invalidCurrency
        /// HTTP 400 `Missing parameter …`: the request lacked a required parameter (our bug).
        case missingParameter
        /// Any other 400: the request was refused as malformed.
        case badRequest
        /// Any other 404: the path is not an API path (a wrong base URL).
        case notFound
        /// HTTP 5xx: an outage.
        case unavailable
        /// Anything else that is not a success.
        case unexpected
    }

    /// The class of failure.
    public let kind: Kind
    /// The HTTP status.
    public let status: Int
    /// CoinGecko's own `error_code`, when the body had one (429, 10012, …).
    public let errorCode: Int?
    /// The service's message, as sent: untrusted text, for logs or a sanitised detail line.
    public let serviceMessage: String?

    /// Creates a failure.
    public init(kind: Kind, status: Int, errorCode: Int? = nil, serviceMessage: String? = nil) {
        self.kind = kind
        self.status = status
        self.errorCode = errorCode
        self.serviceMessage = serviceMessage
    }

    /// The sysexits class: 75 rate limit, 69 outage or ban, 77 key, 65 unknown coin or currency,
    /// 64 a request the user can change (too much history, a base URL that is not the API), 1 ours.
    public var exitCode: ExitCode {
        switch kind {
        case .rateLimited: .rateLimited
        case .blocked, .unavailable: .unavailable
        case .keyRequired, .planRestricted, .wrongHostForKey: .authentication
        case .coinNotFound, .invalidCurrency: .dataError
        case .historyLimit, .notFound: .usage
        case .userAgentRequired, .missingParameter, .badRequest, .unexpected: .failure
        }
    }

    /// Our own one-line summary, without the service's text.
    public var description: String {
        switch kind {
        case .rateLimited: "CoinGecko rate limit reached (HTTP \(status))"
        case .userAgentRequired: "CoinGecko refused a request without a User-Agent (HTTP \(status))"
        case .blocked: "CoinGecko's firewall is blocking this address for now (HTTP \(status))"
        case .historyLimit: "CoinGecko's free API gives at most 365 days of history"
        case .keyRequired: "CoinGecko needs an API key for this (HTTP \(status))"
        case .planRestricted: "the CoinGecko key's plan does not include this endpoint"
        case .wrongHostForKey: "a CoinGecko Demo key must be used with api.coingecko.com, not pro-api"
        case .coinNotFound: "CoinGecko has no coin with that id"
        case .invalidCurrency: "CoinGecko does not quote prices in that currency"
        case .missingParameter: "a CoinGecko request lacked a required parameter"
        case .badRequest: "CoinGecko refused the request (HTTP \(status))"
        case .notFound: "the configured CoinGecko URL does not lead to the API (HTTP \(status))"
        case .unavailable: "CoinGecko is unavailable (HTTP \(status))"
        case .unexpected: "CoinGecko answered HTTP \(status)"
        }
    }

    /// The failure `status`, `contentType` and `body` stand for, or nil for a success.
    ///
    /// A 2xx is a success unless its body is one of the JSON error shapes. Then: 429 is the rate
    /// limit and 5xx an outage whatever the body; an HTML page on 403 is a Cloudflare ban; a
    /// numeric CoinGecko code (10002, 10005, 10011, 10012, 1020) decides next; and last the status
    /// with the message (`coin not found`, `invalid vs_currency`, `Missing parameter`).
    public static func classify(status: Int, contentType: String?, body: Data) -> CoinGeckoFailure? {
        let isHTML = contentType?.lowercased().contains("text/html") == true || startsWithMarkup(body)
        let isSuccess = (200..<300).contains(status)
        // Error bodies are a few hundred bytes; a 1 MB coin list is not worth parsing twice.
        let parsed = isHTML || (isSuccess && body.count > 4096) ? nil : CoinGeckoErrorBody(body)
        if isSuccess {
            guard let parsed else { return nil }
            return CoinGeckoFailure(kind: kind(status: status, body: parsed), status: status, errorCode: parsed.code, serviceMessage: parsed.message)
        }
        if status == 429 { return .init(kind: .rateLimited, status: status, errorCode: parsed?.code, serviceMessage: parsed?.message) }
        if status >= 500 { return .init(kind: .unavailable, status: status, errorCode: parsed?.code, serviceMessage: parsed?.message) }
        guard let parsed else {
            let kind: Kind = isHTML && status == 403 ? .blocked : kind(status: status, body: CoinGeckoErrorBody(code: nil, message: nil))
            return CoinGeckoFailure(kind: kind, status: status)
        }
        return CoinGeckoFailure(kind: kind(status: status, body: parsed), status: status, errorCode: parsed.code, serviceMessage: parsed.message)
    }

    private static func kind(status: Int, body: CoinGeckoErrorBody) -> Kind {
        let message = body.message?.lowercased() ?? ""
        switch body.code {
        case 10012: return .historyLimit
        case 10011: return .wrongHostForKey
        case 10005: return .planRestricted
        case 10002: return .keyRequired
        case 1020: return .blocked
        case 429: return .rateLimited
        default: break
        }
        switch status {
        case 401: return .keyRequired
        case 403: return message.contains("user-agent") ? .userAgentRequired : .blocked
        case 404: return message.contains("coin not found") ? .coinNotFound : .notFound
        case 400, 200..<300:
            if message.contains("vs_currency") { return .invalidCurrency }
            if message.contains("missing parameter") { return .missingParameter }
            return .badRequest
        default: return .unexpected
        }
    }

    /// Whether the first non-blank byte is `<`: an HTML page sent without a text/html type.
    private static func startsWithMarkup(_ body: Data) -> Bool {
        body.prefix(256).first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "<")
    }
}
