/// Decodes HTML character references (`&amp;`, `&#8217;`, `&#x2019;`) in text from news feeds.
///
/// Only well-formed references with a closing `;` are decoded; anything else (`&copy` without
/// `;`, `&unknown;`, `&#xZZ;`, a code point past U+10FFFF) is left exactly as written, so a stray
/// "&" in a headline survives. Numeric references in 128–159 are read as Windows-1252 (as browsers
/// do: `&#150;` is "–"), and `&#0;` or surrogates become U+FFFD. The output is not sanitized:
/// decoding can produce control characters, so pass it through `Sanitizer` afterwards.
public enum HTMLEntities {
    /// `text` with every recognised character reference replaced by its character.
    public static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            if let (decoded, end) = reference(in: rest[afterAmpersand...]) {
                output += decoded
                rest = rest[end...]
            } else {
                output += "&"
                rest = rest[afterAmpersand...]
            }
        }
        output += rest
        return output
    }

    /// Longest name or number we look at before giving up on finding the `;`.
    private static let maximumReferenceLength = 32

    /// Decodes the reference that starts right after an "&", returning it and the index after ";".
    private static func reference(in text: Substring) -> (String, Substring.Index)? {
        guard let semicolon = text.prefix(maximumReferenceLength).firstIndex(of: ";") else { return nil }
        let body = text[..<semicolon]
        let end = text.index(after: semicolon)
        if body.first == "#" {
            return numeric(body.dropFirst()).map { ($0, end) }
        }
        return named[String(body)].map { ($0, end) }
    }

    /// Decodes the part after "&#": decimal digits, or "x"/"X" and hex digits.
    private static func numeric(_ digits: Substring) -> String? {
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            let hex = digits.dropFirst()
            value = hex.allSatisfy { $0.isASCII && $0.isHexDigit } ? UInt32(hex, radix: 16) : nil
        } else {
            // UInt32("+5") would parse, so insist on ASCII digits only.
            value = digits.allSatisfy { ("0"..."9").contains($0) } ? UInt32(digits, radix: 10) : nil
        }
        guard let value, !digits.isEmpty, value <= 0x10FFFF else { return nil }
        if let windows = windows1252[value] { return String(windows) }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return String(Character(scalar))
    }

    /// What browsers show for references to 128–159, which old CMSes emit for Windows-1252 text.
    private static let windows1252: [UInt32: Character] = [
        0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ",
        0x89: "‰", 0x8A: "Š", 0x8B: "‹", 0x8C: "Œ", 0x8E: "Ž", 0x91: "‘", 0x92: "’", 0x93: "“",
        0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™", 0x9A: "š", 0x9B: "›",
        0x9C: "œ", 0x9E: "ž", 0x9F: "Ÿ",
    ]
}
