import Foundation

/// CoinGecko's `/search?query=…`: coins (and exchanges, categories, NFTs, which lacripta ignores)
/// matching a word, to turn a ticker the user typed into CoinGecko's id.
///
/// Quirks (keyless reference §1.8): `symbol` is upper case here, unlike `/coins/markets`;
/// `market_cap_rank` can be null; no match is HTTP 200 with an empty `coins` array.
public enum CoinGeckoSearchResponse {
    /// The coins found, in CoinGecko's order (its own relevance, roughly by rank).
    public static func decode(_ data: Data) throws(DecodingError) -> [CoinListEntry] {
        try TypedJSON.decode(Body.self, from: data).coins.elements().map(\.element.entry)
    }

    private struct Body: Decodable {
        let coins: LenientElements<CoinGeckoListItem>
    }
}
