import Foundation

/// CryptoCompare's `/data/all/coinlist`: `Data` is a map keyed by symbol (keys can look like
/// numbers: `"42"`), each entry with `Symbol`, `CoinName`, `FullName` and a string `SortOrder`.
///
/// Read as the search index behind the same `CoinListEntry` CoinGecko's list gives: the id is the
/// symbol (CryptoCompare's key), the name is `CoinName`. An entry without a symbol or a name is
/// skipped, not the list. `SortOrder` is the order coins were listed in, not a rank, so no rank
/// is taken from it. Entries come out sorted by symbol, since a JSON object has no order to keep.
enum CoinListResponse {
    /// The coins in the list.
    static func decode(_ data: Data) throws(DecodingError) -> [CoinListEntry] {
        try TypedJSON.decode(Body.self, from: data).entries.sorted { $0.symbol < $1.symbol }
    }

    private struct Body: Decodable {
        let entries: [CoinListEntry]

        enum CodingKeys: String, CodingKey {
            case data = "Data"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let coins = try container.nestedContainer(keyedBy: AnyKey.self, forKey: .data)
            entries = coins.allKeys.compactMap { key in
                guard let coin = try? coins.nestedContainer(keyedBy: AnyKey.self, forKey: key) else { return nil }
                let symbol = (coin.lenientString(AnyKey("Symbol")) ?? key.stringValue).trimmingCharacters(in: .whitespaces)
                guard let name = coin.lenientString(AnyKey("CoinName"))?.trimmingCharacters(in: .whitespaces), !symbol.isEmpty, !name.isEmpty
                else { return nil }
                return CoinListEntry(id: symbol, symbol: symbol.uppercased(), name: name)
            }
        }
    }
}
