import Foundation

/// The recorded CoinGecko bodies the simulator serves, by file name in `Resources/recorded/`
/// (`KEYLESS.md` there says where each comes from).
public enum CoinGeckoFile: String, Sendable, CaseIterable {
    /// `/coins/markets?vs_currency=usd&per_page=50`: the three recorded coins, then 47 constructed
    /// in the same shape, the last unranked with nulls.
    case markets = "coingecko-markets-usd-50.json"
    /// `/coins/bitcoin` (constructed from the 2024 body's quirks).
    case coinBitcoin = "coingecko-coin-bitcoin.json"
    /// `/coins/ethereum` (verbatim, 2025-02-14).
    case coinEthereum = "coingecko-coin-ethereum.json"
    /// `/coins/bitcoin/market_chart?vs_currency=usd&days=1`: irregular 5-minute points.
    case chartBitcoinDay = "coingecko-market-chart-bitcoin-1.json"
    /// `/coins/bitcoin/market_chart?vs_currency=usd&days=30&interval=daily`.
    case chartBitcoinMonth = "coingecko-market-chart-bitcoin-30.json"
    /// `/search?query=eth` (the docs example, verbatim).
    case searchETH = "coingecko-search-eth.json"
    /// `/search` with no match: every array empty.
    case searchNone = "coingecko-search-none.json"
    /// A slice of `/coins/list`, with repeated symbols.
    case coinsList = "coingecko-coins-list.json"
    /// 429 `{"status":{"error_code":429,…}}`.
    case error429 = "coingecko-error-429.json"
    /// 403 asking for a descriptive User-Agent (since 2026-01).
    case error403UserAgent = "coingecko-error-403-user-agent.json"
    /// 401 error 10012: more than 365 days of history.
    case error401History = "coingecko-error-401-history.json"
    /// 400 `{"error":"invalid vs_currency"}`.
    case error400Currency = "coingecko-error-400-vs-currency.json"
    /// 404 `{"error":"coin not found"}`.
    case error404Coin = "coingecko-error-404-coin.json"
}

/// Every recorded CoinGecko body, parsed once at start-up; immutable and so shared freely.
public struct CoinGeckoData: Sendable {
    private let documents: [CoinGeckoFile: JSONValue]
    /// The Cloudflare "Access denied" page (HTML, so kept as bytes).
    let cloudflarePage: [UInt8]

    /// The Cloudflare page's file name.
    static let cloudflareFile = "coingecko-error-cloudflare.html"

    /// Reads every `CoinGeckoFile` and the Cloudflare page from `directory`.
    public init(directory: URL) throws(RecordedDataError) {
        var documents: [CoinGeckoFile: JSONValue] = [:]
        for file in CoinGeckoFile.allCases {
            let bytes = try Self.read(file.rawValue, in: directory)
            do {
                documents[file] = try JSONParser.parse(bytes)
            } catch {
                throw RecordedDataError(file: file.rawValue, problem: error.description)
            }
        }
        self.documents = documents
        cloudflarePage = Array(try Self.read(Self.cloudflareFile, in: directory))
    }

    /// The parsed document of `file` (always present: `init` fails otherwise).
    public subscript(file: CoinGeckoFile) -> JSONValue {
        documents[file] ?? .null
    }

    /// The `/coins/markets` items in market-cap order.
    public var marketItems: [JSONValue] { self[.markets].arrayElements ?? [] }

    private static func read(_ name: String, in directory: URL) throws(RecordedDataError) -> Data {
        let url = directory.appendingPathComponent(name)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw RecordedDataError(file: url.path, problem: "cannot be read")
        }
    }
}
