extension CryptoCompareREST {
    /// `/data/all/coinlist`: every coin the toplist recording names and the constructed ones
    /// (`SyntheticCoin`), in the shape of the
    /// reference (§4.5): a map keyed by symbol with `Id`, `Symbol`, `CoinName`, `FullName` and a
    /// string `SortOrder`, the message with its "succesfully" typo, and one numeric-looking key
    /// (`"42"`), which real lists have and a decoder must take as a symbol.
    func coinList() -> HTTPResponse {
        let items = recorded[.toplistUSD]["Data"]?.arrayElements ?? []
        var entries: [JSONValue.Member] = []
        for (index, item) in items.enumerated() {
            guard let info = item["CoinInfo"], let symbol = info["Name"]?.stringValue, let name = info["FullName"]?.stringValue else { continue }
            entries.append(Self.coinListEntry(id: info["Id"]?.stringValue ?? String(index), symbol: symbol, name: name, sortOrder: index + 1))
        }
        entries.append(Self.coinListEntry(id: "4321", symbol: "42", name: "42-coin", sortOrder: items.count + 1))
        // The constructed coins after the recorded ones, each ticker once (the list is keyed by it).
        var symbols = Set(entries.map(\.key))
        for coin in SyntheticCoin.make(avoiding: symbols) where symbols.insert(coin.symbol).inserted {
            entries.append(Self.coinListEntry(id: String(10_000 + entries.count), symbol: coin.symbol, name: coin.name, sortOrder: entries.count + 1))
        }
        return .json(
            .object([
                JSONValue.Member("Response", .string("Success")),
                JSONValue.Member("Message", .string("Coin list succesfully returned!")),
                JSONValue.Member("Data", .object(entries)),
                JSONValue.Member("Type", .number("100")),
            ]))
    }

    private static func coinListEntry(id: String, symbol: String, name: String, sortOrder: Int) -> JSONValue.Member {
        JSONValue.Member(
            symbol,
            .object([
                JSONValue.Member("Id", .string(id)), JSONValue.Member("Symbol", .string(symbol)),
                JSONValue.Member("CoinName", .string(name)), JSONValue.Member("FullName", .string("\(name) (\(symbol))")),
                JSONValue.Member("SortOrder", .string(String(sortOrder))), JSONValue.Member("IsTrading", .bool(true)),
            ]))
    }
}
