/// A base/quote pair in lacripta's own spelling (`BTC/USD`), from which each adapter derives its
/// exchange's symbol (`BTC-USD`, `BTC/USD`, `btcusd`, `tBTCUSD`).
///
/// Codes are upper-case ASCII letters and digits, so that no exchange symbol built from them
/// can smuggle JSON or a channel separator into a subscribe message.
public struct TradingPair: Sendable, Hashable, CustomStringConvertible {
    /// The coin bought or sold, e.g. `BTC`.
    public let base: String
    /// The currency it is priced in, e.g. `USD`.
    public let quote: String

    /// The longest code accepted; exchange codes run to about ten characters (`TESTBTC`, `BTCF0`).
    public static let maximumCodeLength = 16

    /// A pair from two codes in any case; nil unless both are 1...16 ASCII letters or digits.
    public init?(base: String, quote: String) {
        guard let base = Self.code(base), let quote = Self.code(quote) else { return nil }
        self.base = base
        self.quote = quote
    }

    /// A pair from `BASE/QUOTE` or `BASE-QUOTE` (the spellings users type); nil otherwise.
    public init?(_ text: String) {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "-" }
        guard parts.count == 2 else { return nil }
        self.init(base: String(parts[0]), quote: String(parts[1]))
    }

    public var description: String { "\(base)/\(quote)" }

    /// `text` upper-cased when it is a valid code.
    private static func code(_ text: String) -> String? {
        let bytes = text.utf8
        guard (1...maximumCodeLength).contains(bytes.count),
            bytes.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else { return nil }
        return text.uppercased()
    }
}
