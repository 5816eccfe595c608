import Foundation

/// An API key (CryptoCompare's, or an optional CoinGecko demo key). Its description is redacted so it cannot leak through string
/// interpolation, logging or error messages; only `headerValue` reveals it, for the request header.
public struct APIKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    private let secret: String

    /// Wraps a key, trimming surrounding whitespace; nil when nothing is left.
    public init?(_ raw: String) {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        secret = trimmed
    }

    /// Whether the key is printable ASCII without spaces, as every CryptoCompare key is. Anything
    /// else (a control character, a space, a curly quote pasted with it) would break the header.
    public var isWellFormed: Bool {
        secret.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// The value of CryptoCompare's `authorization` header: `Apikey KEY`.
    public var headerValue: String { "Apikey \(secret)" }

    /// The key alone, for a header that carries nothing else (CoinGecko's `x-cg-demo-api-key`).
    public var bareHeaderValue: String { secret }

    /// Always `****`.
    public var description: String { "****" }

    /// Always `APIKey(****)`.
    public var debugDescription: String { "APIKey(****)" }

    /// `text` with every occurrence of the key replaced by `****`, for any line that might carry it.
    public func redact(_ text: String) -> String {
        text.replacingOccurrences(of: secret, with: "****")
    }
}
