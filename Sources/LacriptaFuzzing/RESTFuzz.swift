import Foundation
import LacriptaCore
import LacriptaNet

/// The REST bodies of both services, each input given to every decoder of its service (a decoder
/// reads the keys it knows, so a body of one endpoint is a useful mutation for the others).
enum RESTFuzz {
    /// The statuses an error body is classified under.
    static let statuses = [200, 400, 401, 404, 429, 503]

    /// CryptoCompare: toplist, news, categories, prices, history (closes and bars), coin list and the
    /// error envelope.
    static func cryptoCompare(_ input: [UInt8]) {
        let body = Data(input)
        _ = try? CryptoCompareBodies.toplist(body, currency: "USD")
        _ = try? CryptoCompareBodies.news(body)
        _ = try? CryptoCompareBodies.newsCategories(body)
        _ = try? CryptoCompareBodies.quotes(body, currency: "USD")
        _ = try? CryptoCompareBodies.history(body)
        _ = try? CryptoCompareBodies.bars(body)
        _ = try? CryptoCompareBodies.coinList(body)
        for endpoint in [Endpoint.toplist(currency: "USD", limit: 50, page: 0), .quotes(symbols: ["BTC", "ETH"], currency: "EUR")] {
            for status in [200, 429] {
                let response = HTTPResponse(status: status, headers: ["content-type": "application/json"], body: body)
                _ = try? CryptoCompareBodies.checkEnvelope(response, endpoint: endpoint)
            }
        }
    }

    /// CoinGecko: markets, coin, market chart, search, coin list, and the error bodies.
    static func coinGecko(_ input: [UInt8]) {
        let body = Data(input)
        _ = try? CoinGeckoMarketsResponse.decode(body, currency: "usd")
        _ = try? CoinGeckoCoinResponse.decode(body, currency: "usd")
        _ = try? CoinGeckoMarketChartResponse.decode(body)
        _ = try? CoinGeckoSearchResponse.decode(body)
        _ = try? CoinGeckoCoinListResponse.decode(body)
        for status in statuses {
            _ = CoinGeckoFailure.classify(status: status, contentType: "application/json", body: body)
        }
    }
}
