import Foundation

/// The wire shape of `/data/top/totaltoptiervolfull`, decoded leniently.
///
/// Quirks kept in mind (see the REST reference): no `Response` key on success; `RAW` (and
/// `DISPLAY`) can be missing for a coin; numbers may be strings; `Id` is a string.
struct ToplistResponse: Decodable {
    struct Item: Decodable {
        struct CoinInfo: Decodable {
            let name: String
            let fullName: String?

            enum CodingKeys: String, CodingKey {
                case name = "Name"
                case fullName = "FullName"
            }
        }

        let coinInfo: CoinInfo
        /// RAW blocks keyed by quote currency, each a flat object of fields.
        let raw: [String: RawQuote]?

        enum CodingKeys: String, CodingKey {
            case coinInfo = "CoinInfo"
            case raw = "RAW"
        }
    }

    let data: [Item]

    enum CodingKeys: String, CodingKey {
        case data = "Data"
    }

    /// Decodes `data` into a `Toplist` whose ranks start after `offset`.
    static func decode(_ data: Data, currency: String, rankOffset: Int) throws(DecodingError) -> Toplist {
        let response: ToplistResponse
        do {
            response = try JSONDecoder().decode(ToplistResponse.self, from: data)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(error)"))
        }
        let coins = response.data.enumerated().map { index, item in
            Coin(
                rank: rankOffset + index + 1,
                symbol: item.coinInfo.name,
                name: item.coinInfo.fullName ?? item.coinInfo.name,
                quote: item.raw?[currency]?.quote(currency: currency)
            )
        }
        return Toplist(currency: currency, coins: coins)
    }
}

/// One `RAW.<CURRENCY>` block. Every field optional, every number lenient.
struct RawQuote: Decodable {
    private let fields: KeyedDecodingContainer<AnyKey>

    init(from decoder: any Decoder) throws {
        fields = try decoder.container(keyedBy: AnyKey.self)
    }

    private func number(_ name: String) -> Double? { fields.lenientDouble(AnyKey(name)) }

    /// The figures lacripta uses, in `currency`.
    func quote(currency: String) -> Quote {
        Quote(
            currency: currency,
            price: number("PRICE"),
            change24h: number("CHANGE24HOUR"),
            changePercent24h: number("CHANGEPCT24HOUR"),
            changeDay: number("CHANGEDAY"),
            changePercentDay: number("CHANGEPCTDAY"),
            changeHour: number("CHANGEHOUR"),
            changePercentHour: number("CHANGEPCTHOUR"),
            // The coin's volume across all pairs; the pair's own VOLUME24HOURTO is a fallback.
            volume24h: number("TOTALVOLUME24HTO") ?? number("VOLUME24HOURTO"),
            marketCap: number("MKTCAP"),
            supply: number("CIRCULATINGSUPPLY") ?? number("SUPPLY"),
            high24h: number("HIGH24HOUR"),
            low24h: number("LOW24HOUR"),
            lastUpdate: number("LASTUPDATE").flatMap { Date(unixSeconds: $0) }
        )
    }
}
