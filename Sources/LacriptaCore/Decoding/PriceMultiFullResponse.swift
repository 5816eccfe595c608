import Foundation

/// The wire shape of `/data/pricemultifull`: `{"RAW":{<FSYM>:{<TSYM>:{…}}},"DISPLAY":{…}}`, with
/// no envelope on success. The RAW blocks carry exactly the toplist's fields, so they are read by
/// the same `RawQuote`; DISPLAY (pre-formatted text) is ignored, as for the toplist.
///
/// A coin whose entry is not an object of objects reads as missing rather than failing the others:
/// the caller decides what a missing coin means (an unknown symbol). Only a body without a `RAW`
/// object is bad data.
struct PriceMultiFullResponse: Decodable {
    /// One coin's RAW blocks keyed by quote currency, or nil when the entry is unusable.
    struct CoinBlocks: Decodable {
        let byCurrency: [String: RawQuote]?

        init(from decoder: any Decoder) {
            byCurrency = try? decoder.singleValueContainer().decode([String: RawQuote].self)
        }
    }

    let raw: [String: CoinBlocks]

    enum CodingKeys: String, CodingKey {
        case raw = "RAW"
    }

    /// The RAW block of each coin priced in `currency`, keyed by upper-case ticker. Coins the
    /// service left out, or sent without that currency, are absent.
    static func decode(_ data: Data, currency: String) throws(DecodingError) -> [String: RawQuote] {
        let response: PriceMultiFullResponse
        do {
            response = try JSONDecoder().decode(PriceMultiFullResponse.self, from: data)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(error)"))
        }
        // The service answers in upper case whatever the request said; match either way.
        let wanted = currency.uppercased()
        var blocks: [String: RawQuote] = [:]
        for (symbol, coin) in response.raw {
            guard let block = coin.byCurrency?.first(where: { $0.key.uppercased() == wanted })?.value else { continue }
            blocks[symbol.uppercased()] = block
        }
        return blocks
    }

    /// The quotes of `decode`, dropping blocks that were not objects.
    static func quotes(_ data: Data, currency: String) throws(DecodingError) -> [String: Quote] {
        try decode(data, currency: currency).compactMapValues { $0.quote(currency: currency) }
    }
}
