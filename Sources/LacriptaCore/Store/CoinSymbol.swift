/// How a coin symbol is written in the store: upper-cased printable ASCII without spaces, at most
/// 32 characters (CryptoCompare has symbols such as `BTC`, `1INCH`, `USDC.E`).
public enum CoinSymbol {
    /// `text` as a stored symbol, or nil when it cannot be one.
    public static func normalized(_ text: some StringProtocol) -> String? {
        let symbol = text.uppercased()
        guard (1...32).contains(symbol.utf8.count), symbol.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "#") }) else {
            return nil
        }
        return symbol
    }
}
