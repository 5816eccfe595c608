import Foundation

/// The wire shape of `/data/top/totaltoptiervolfull`, decoded leniently.
///
/// Quirks kept in mind (see the REST reference): no `Response` key on success; `RAW` (and
/// `DISPLAY`) can be missing for a coin; numbers may be strings; `Id` is a string.
///
/// One odd coin must not hide fifty good ones: a `RAW` that is not an object of objects
/// (`"RAW":{"USD":null}`, `"RAW":[]`) reads as no market data, shown with dashes, and an item
/// without a usable `CoinInfo.Name` is left out. A response is bad data only without a `Data` array,
/// or when not one of its items can be read (then the first item's error names the field).
struct ToplistResponse: Decodable {
    struct Item: Decodable {
        struct CoinInfo: Decodable {
            let name: String
            let fullName: String?

            enum CodingKeys: String, CodingKey {
                case name = "Name"
                case fullName = "FullName"
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                name = try container.decode(String.self, forKey: .name)
                // Only the display name: the ticker stands in for one that is not a string.
                fullName = (try? container.decodeIfPresent(String.self, forKey: .fullName)) ?? nil
            }
        }

        let coinInfo: CoinInfo
        /// RAW blocks keyed by quote currency, each a flat object of fields.
        let raw: [String: RawQuote]?

        enum CodingKeys: String, CodingKey {
            case coinInfo = "CoinInfo"
            case raw = "RAW"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            coinInfo = try container.decode(CoinInfo.self, forKey: .coinInfo)
            raw = (try? container.decodeIfPresent([String: RawQuote].self, forKey: .raw)) ?? nil
        }
    }

    /// One element of `Data`: the coin, or why it cannot be shown at all.
    struct Entry: Decodable {
        let item: Result<Item, DecodingError>

        init(from decoder: any Decoder) {
            do {
                item = .success(try Item(from: decoder))
            } catch let error as DecodingError {
                item = .failure(error)
            } catch {
                item = .failure(.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(error)")))
            }
        }
    }

    let data: [Entry]

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
        let items = response.data.map { try? $0.item.get() }
        if items.allSatisfy({ $0 == nil }), case .failure(let error)? = response.data.first?.item { throw error }
        // Ranks count the skipped items too: the service's order is the ranking.
        let coins = items.enumerated().compactMap { index, item -> Coin? in
            guard let item else { return nil }
            return Coin(
                rank: rankOffset + index + 1,
                symbol: item.coinInfo.name,
                name: item.coinInfo.fullName ?? item.coinInfo.name,
                quote: item.raw?[currency]?.quote(currency: currency)
            )
        }
        return Toplist(currency: currency, coins: coins)
    }
}
