import Foundation

/// Numbers as the exchanges write them, read into the journal's plain digits without rounding:
/// currency symbols (`€3302.65`, `-€597.49`), signs (the direction comes from the row's type, so
/// the sign is returned apart), thousands separators (`44,000.00`), a decimal comma (`0,5`,
/// `1.234,56`), exponents (`1E-8`), and an asset glued on (`0.5BTC`, Binance).
public enum ImportNumber {
    /// A number read from an export: its magnitude as plain digits, its sign, and a trailing asset
    /// code if one was glued on.
    public struct Value: Sendable, Equatable {
        /// The magnitude, as plain digits.
        public var magnitude: DecimalText
        /// Whether a `-` (or brackets) said it was negative.
        public var negative: Bool
        /// The asset code glued on after the digits (`BTC` in `0.5BTC`), upper case.
        public var asset: String?
    }

    /// Reads `text`; nil when it holds no number (an empty cell is nil too).
    public static func read(_ text: String) -> Value? {
        var body = text.trimmingSpaces
        var negative = false
        if body.hasPrefix("(") && body.hasSuffix(")") {
            negative = true
            body = String(body.dropFirst().dropLast())
        }
        // Symbols and signs before the digits, in any order (`-€5`, `€-5`, `$ 5`).
        var start = body.startIndex
        while start < body.endIndex, !body[start].isASCII || "+-$ ".contains(body[start]) {
            if body[start] == "-" { negative.toggle() }
            start = body.index(after: start)
        }
        var digits = body[start...]
        var asset: String?
        if let end = digits.lastIndex(where: { $0.isASCII && $0.isNumber }) {
            let tail = digits[digits.index(after: end)...].trimmingSpaces
            if !tail.isEmpty {
                guard tail.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) || tail.allSatisfy({ !$0.isASCII }) else { return nil }
                if tail.allSatisfy(\.isASCII) { asset = tail.uppercased() }
                digits = digits[...end]
            }
        }
        guard let plain = plainDigits(String(digits)), let magnitude = DecimalText(plain) else { return nil }
        return Value(magnitude: magnitude, negative: negative && magnitude.value != 0, asset: asset)
    }

    /// `1,234.56` → `1234.56`, `1.234,56` → `1234.56`, `0,5` → `0.5`, `1E-8` → `0.00000001`.
    static func plainDigits(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let mantissa = plainDigits(String(text[..<e])), let exponent = Int(text[text.index(after: e)...]), abs(exponent) <= 40,
                let value = Decimal(string: mantissa, locale: Locale(identifier: "en_US_POSIX"))
            else { return nil }
            var scaled = value
            for _ in 0..<abs(exponent) { scaled = exponent > 0 ? scaled * 10 : scaled / 10 }
            return scaled.plainText
        }
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }) else { return nil }
        let dots = text.filter { $0 == "." }.count
        let commas = text.filter { $0 == "," }.count
        switch (dots, commas) {
        case (_, 0): return text
        case (0, 1):
            // `0,5` is a decimal comma; `1,234` (three digits after) is read as thousands, as
            // BittyTax does for fiat values.
            let after = text.split(separator: ",", omittingEmptySubsequences: false)[1]
            return after.count == 3 && !text.hasPrefix("0,")
                ? text.replacingOccurrences(of: ",", with: "") : text.replacingOccurrences(of: ",", with: ".")
        case (0, _): return text.replacingOccurrences(of: ",", with: "")
        default:
            // Both: whichever comes last is the decimal separator.
            guard let lastDot = text.lastIndex(of: "."), let lastComma = text.lastIndex(of: ",") else { return nil }
            if lastDot > lastComma { return text.replacingOccurrences(of: ",", with: "") }
            return text.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
        }
    }
}
