import Foundation

/// CoinGecko's `/coins/list`: every coin's id, symbol and name, about 17,000 of them (≈1 MB).
///
/// Quirks (keyless reference §1.9): symbols are lower case and repeat (several `eth`); there is no
/// rank, so choosing among repeats needs a search or the toplist. `platforms` appears only with
/// `include_platform=true` and is ignored.
public enum CoinGeckoCoinListResponse {
    /// Every entry, in the order sent (by id).
    public static func decode(_ data: Data) throws(DecodingError) -> [CoinListEntry] {
        try TypedJSON.decode(LenientElements<CoinGeckoListItem>.self, from: data).elements().map(\.element.entry)
    }
}

/// One coin of a search or the id list.
struct CoinGeckoListItem: Decodable {
    let entry: CoinListEntry

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        entry = CoinListEntry(
            id: try container.decode(String.self, forKey: AnyKey("id")),
            symbol: try container.decode(String.self, forKey: AnyKey("symbol")).uppercased(),
            name: try container.decode(String.self, forKey: AnyKey("name")),
            marketCapRank: container.lenientInteger(AnyKey("market_cap_rank"))
        )
    }
}
