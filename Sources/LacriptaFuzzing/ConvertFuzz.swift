import LacriptaCore

/// `convert`'s expression grammar on arbitrary words (the input split at NUL bytes, as the
/// arguments target splits it): it never traps, and an expression it accepts, written back in its
/// canonical form, parses to the same expression.
enum ConvertFuzz {
    static func expression(_ input: [UInt8]) throws(FuzzFailure) {
        let words = input.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard let expression = try? ConversionExpression.parse(words) else { return }
        let again = try? ConversionExpression.parse([expression.text])
        try FuzzFailure.check(again == expression, "'\(expression.text)' parses to \(String(describing: again)), not \(expression)")
    }
}
