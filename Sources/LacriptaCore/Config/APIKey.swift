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

    /// Keys at least this long are redacted wherever they stand, even inside a longer word: no
    /// ordinary text holds twelve characters of a key by chance.
    static let redactedAnywhereLength = 12

    /// `text` with the key replaced by `****`, for any line that might carry it. A short key is
    /// replaced only where it stands as a whole token (not next to a letter, digit, `-` or `_`):
    /// with the key `k`, "a keyed account" must not read "a ****eyed account", while
    /// "Apikey k" and "api_key=k&" still lose it.
    public func redact(_ text: String) -> String {
        if secret.count >= Self.redactedAnywhereLength { return text.replacingOccurrences(of: secret, with: "****") }
        var result = ""
        var rest = text[...]
        while let range = rest.range(of: secret) {
            let before = range.lowerBound == rest.startIndex ? result.last : rest[rest.index(before: range.lowerBound)]
            let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
            let whole = !Self.isTokenCharacter(before) && !Self.isTokenCharacter(after)
            result += rest[..<range.lowerBound]
            result += whole ? "****" : String(rest[range])
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    /// Whether `character` can be part of the same token as a key.
    private static func isTokenCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber || character == "-" || character == "_"
    }
}
