/// A few thousand constructed coins for the simulator's coin lists, so `search` and the coin
/// checks of `fav add` and `holdings set` meet lists of a realistic size and shape: tickers
/// shared by several coins ("Wrapped …" and "… (Bridged)" namesakes, and names that shorten to
/// the same letters), ids made unique as CoinGecko makes them (`-2` suffixes).
///
/// Deterministic (a fixed-seed generator), so every run and every test sees the same list. Names
/// use no `q`, `x`, `y`, `z` or `j`, and no ticker of a recorded coin is reused: searches the
/// recorded bodies answer (`eth`, `qqqq`) come out as before.
public struct SyntheticCoin: Sendable, Equatable {
    /// CoinGecko-style id, lower case with hyphens.
    public let id: String
    /// The ticker, upper case.
    public let symbol: String
    /// The name.
    public let name: String

    /// How many coins are constructed.
    public static let count = 3000

    /// The coins, in the order made; none uses a ticker in `reserved` (upper case).
    public static func make(count: Int = SyntheticCoin.count, avoiding reserved: Set<String>) -> [SyntheticCoin] {
        var state: UInt64 = 0x5EED_C0DE
        func next(_ bound: Int) -> Int {
            // SplitMix64: small, fixed, good enough for made-up names.
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((mixed ^ (mixed >> 31)) % UInt64(bound))
        }
        let consonants = Array("bcdfghklmnprstvw")
        let vowels = Array("aeiou")
        let suffixes = ["", "", "", " Coin", " Token", " Finance", " Protocol", " Inu", " Swap", " DAO", " AI", " Network"]
        var coins: [SyntheticCoin] = []
        var ids: Set<String> = []
        while coins.count < count {
            let name: String
            let symbol: String
            if coins.count > 20, next(7) == 0, let base = coins.dropLast(next(min(coins.count, 50))).last {
                // A namesake of an earlier coin: same ticker, another coin.
                name = next(2) == 0 ? "Wrapped \(base.name)" : "\(base.name) (Bridged)"
                symbol = base.symbol
            } else {
                var word = ""
                for _ in 0..<(2 + next(2)) { word += String(consonants[next(consonants.count)]) + String(vowels[next(vowels.count)]) }
                if next(3) == 0 { word += String(consonants[next(consonants.count)]) }
                let title = word.prefix(1).uppercased() + word.dropFirst()
                name = title + suffixes[next(suffixes.count)]
                symbol = String(word.filter { !vowels.contains($0) || next(3) == 0 }.prefix(3 + next(2))).uppercased()
            }
            guard symbol.count >= 2, !reserved.contains(symbol) else { continue }
            var id = name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
            id = id.split(separator: "-").joined(separator: "-")
            var unique = id
            var suffix = 2
            while ids.contains(unique) {
                unique = "\(id)-\(suffix)"
                suffix += 1
            }
            ids.insert(unique)
            coins.append(SyntheticCoin(id: unique, symbol: symbol, name: name))
        }
        return coins
    }
}
