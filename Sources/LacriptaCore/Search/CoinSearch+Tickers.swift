import Foundation

extension CoinSearch {
    /// The ticker the store keeps for what the user typed: the input itself when the list has a
    /// coin with that ticker (`btc` → `BTC`), else the ticker of the best-known coin whose name or
    /// key is exactly the input (`bitcoin` → `BTC`); nil when the list names no such coin.
    public func ticker(for input: String) -> String? {
        let trimmed = input.trimmingCharacters(in: .whitespaces)
        if let symbol = CoinSymbol.normalized(trimmed), contains(symbol: symbol) { return symbol }
        guard let best = search(trimmed, limit: 1).first, best.kind <= .exactName else { return nil }
        return CoinSymbol.normalized(best.coin.symbol)
    }

    /// Splits `inputs` into the tickers they name (each once, in order) and the inputs no coin of
    /// the list answers to, so a command can refuse the whole change and name every bad one.
    public func tickers(for inputs: [String]) -> (known: [String], unknown: [String]) {
        var known: [String] = []
        var unknown: [String] = []
        for input in inputs {
            if let ticker = ticker(for: input) {
                if !known.contains(ticker) { known.append(ticker) }
            } else {
                unknown.append(input)
            }
        }
        return (known, unknown)
    }
}
