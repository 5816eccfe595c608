import Foundation
import LacriptaCore

/// The NDJSON form of one quote (`lacripta compare --json`, and off a terminal).
///
/// Figures are written as the exchange sent their digits (a JSON number either way: Coinbase's
/// `"17165.15"` and Kraken's `115113.0` both come out as the number they spell), `null` where the
/// feed has not sent them. Fields are documented in docs/json.md.
enum CompareLine {
    /// One line, newline included.
    static func json(_ quote: ExchangeQuote, receivedAt: Date) -> String {
        // The exchange id and the pair's codes are ASCII letters and digits (`TradingPair` allows
        // nothing else), so they need no escaping.
        var line = #"{"exchange":""# + quote.exchange.rawValue + #"","symbol":""# + quote.pair.base + #"","currency":""#
        line += quote.pair.quote + "\""
        let figures: [(String, QuoteNumber?)] = [
            ("bid", quote.bid), ("bidSize", quote.bidSize), ("ask", quote.ask), ("askSize", quote.askSize), ("last", quote.last),
            ("lastSize", quote.lastSize),
        ]
        for (name, number) in figures {
            line += ",\"\(name)\":" + (number.map(jsonNumber) ?? "null")
        }
        line += #","time":"# + (quote.exchangeTime.map { seconds($0, digits: 6) } ?? "null")
        line += #","receivedAt":"# + seconds(receivedAt.timeIntervalSince1970, digits: 3) + "}\n"
        return line
    }

    /// The exchange's digits as a JSON number. `QuoteNumber` holds only JSON number syntax, but
    /// a leading `+` or `.` is not JSON, so the text is checked once more rather than trusted.
    static func jsonNumber(_ number: QuoteNumber) -> String {
        let text = number.text
        let valid = text.utf8.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2D || $0 == 0x65 || $0 == 0x45 || $0 == 0x2B }
        guard valid, let first = text.utf8.first, first == 0x2D || (0x30...0x39).contains(first), number.value.isFinite else {
            return number.value.isFinite ? String(number.value) : "null"
        }
        return text
    }

    /// Unix seconds with `digits` decimals (at most 9), rounded as printf rounds. Integer
    /// arithmetic, not `String(format:)`: on Linux that goes through CoreFoundation's formatter
    /// and was a tenth of `compare --json`'s time.
    static func seconds(_ value: Double, digits: Int) -> String {
        // Past 2^53 a Double holds no fraction to print; such a time is no time anyway.
        guard value.isFinite, abs(value) < 9_007_199_254_740_992 else { return value.isFinite ? String(value) : "null" }
        let digits = min(max(digits, 0), 9)
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        // The whole seconds apart, exactly: scaling the whole value would round it at the last
        // digit (1652307015.605394 × 10⁶ is not a Double).
        let whole = abs(value).rounded(.towardZero)
        var units = Int64(whole)
        var fraction = Int64(((abs(value) - whole) * Double(scale)).rounded(.toNearestOrEven))
        if fraction == scale {
            units += 1
            fraction = 0
        }
        var text = value.sign == .minus ? "-" : ""
        text += String(units)
        guard digits > 0 else { return text }
        let digitsText = String(fraction)
        return text + "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
    }
}
