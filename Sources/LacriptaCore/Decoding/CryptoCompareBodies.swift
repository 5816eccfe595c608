import Foundation
import LacriptaNet

/// CryptoCompare's body decoders behind one door open to the rest of this package (not to users
/// of the library): the fuzz entries (`LacriptaFuzzing`) feed them hostile bytes through exactly
/// the code `CryptoCompareClient` runs, while the wire shapes (`ToplistResponse`, …) stay internal.
package enum CryptoCompareBodies {
    /// `/data/top/totaltoptiervolfull`.
    package static func toplist(_ body: Data, currency: String) throws -> Toplist {
        try ToplistResponse.decode(body, currency: currency, rankOffset: 0)
    }

    /// `/data/v2/news/`.
    package static func news(_ body: Data) throws -> [NewsArticle] { try NewsResponse.decode(body) }

    /// `/data/news/categories`.
    package static func newsCategories(_ body: Data) throws -> [NewsCategory] { try NewsCategoriesResponse.decode(body) }

    /// `/data/pricemultifull`: the quotes by symbol.
    package static func quotes(_ body: Data, currency: String) throws -> [String: Quote] {
        try PriceMultiFullResponse.quotes(body, currency: currency)
    }

    /// `/data/v2/histoday`.
    package static func history(_ body: Data) throws -> PriceHistory { try HistodayResponse.decode(body) }

    /// `/data/v2/histominute`, `histohour` and `histoday` read as candles.
    package static func bars(_ body: Data) throws -> [Candle] { try HistoBarsResponse.decode(body) }

    /// `/data/all/coinlist`.
    package static func coinList(_ body: Data) throws -> [CoinListEntry] { try CoinListResponse.decode(body) }

    /// The service's error envelope, checked as the client checks every answer to `endpoint`.
    package static func checkEnvelope(_ response: HTTPResponse, endpoint: Endpoint) throws {
        try ServiceEnvelope.check(response, endpoint: endpoint, now: Date(timeIntervalSince1970: 1_700_000_000))
    }
}
