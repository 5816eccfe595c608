import Foundation
import LacriptaNet
import LacriptaSimulator
import Testing

@Suite("CoinGecko: routes and recorded bodies")
struct CoinGeckoRESTTests {
    @Test("The base URL is the API root under /coingecko on the REST port, and /ping answers with edge caching")
    func ping() throws {
        try withSimulator { (simulator: Simulator) throws in
            #expect(simulator.coinGeckoBaseURL.absoluteString == "http://127.0.0.1:\(simulator.restPort)/coingecko/api/v3")
            let response = try KeylessFixtures.coinGecko(simulator, "/ping")
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
            #expect(response.headers["Cache-Control"] == "max-age=30, public")
            #expect(response.text == #"{"gecko_says":"(V3) To the Moon!"}"#)
        }
    }

    @Test("Without a User-Agent, or with an empty one, every path is the recorded 403", arguments: [[], ["User-Agent:"]])
    func userAgentRequired(headers: [String]) throws {
        try withSimulator { (simulator: Simulator) throws in
            for path in ["/ping", "/coins/markets?vs_currency=usd", "/nothing"] {
                let response = try KeylessFixtures.coinGecko(simulator, path, headers: headers)
                #expect(response.status == 403)
                #expect(try response.json() == KeylessFixtures.document(.error403UserAgent))
            }
        }
    }

    @Test("markets honours per_page and page, keeps only the windows asked for, and a page past the end is []")
    func marketsPaging() throws {
        try withSimulator { (simulator: Simulator) throws in
            let query = "/coins/markets?vs_currency=usd&order=market_cap_desc&per_page=20&page=2&price_change_percentage=1h%2C24h,7d&sparkline=false"
            let items = try #require(try KeylessFixtures.coinGecko(simulator, query).json().arrayElements)
            let recorded = try KeylessFixtures.marketItems()
            #expect(items.map { $0["id"] } == recorded[20..<40].map { $0["id"] })
            let windowKeys = items[0].objectMembers?.map(\.key).filter { $0.hasSuffix("_in_currency") }
            #expect(
                windowKeys == [
                    "price_change_percentage_1h_in_currency", "price_change_percentage_24h_in_currency", "price_change_percentage_7d_in_currency",
                ])
            let past = try KeylessFixtures.coinGecko(simulator, "/coins/markets?vs_currency=usd&per_page=50&page=2")
            #expect(past.status == 200 && past.text == "[]")
        }
    }

    @Test("markets in USD is the recording; thin coins lack the hourly change; the unranked coin is last with nulls")
    func marketsQuirks() throws {
        try withSimulator { (simulator: Simulator) throws in
            let all = "/coins/markets?vs_currency=usd&per_page=250&price_change_percentage=1h,24h,7d,14d,30d,200d,1y"
            let items = try #require(try KeylessFixtures.coinGecko(simulator, all).json().arrayElements)
            #expect(items == (try KeylessFixtures.marketItems()))
            #expect(items.count == 50)
            let front = try #require(items.first { $0["id"]?.stringValue == "frontier-token" })
            #expect(front["price_change_percentage_1h_in_currency"] == nil)
            #expect(items.last?["market_cap_rank"] == .null && items.last?["current_price"] == .null)
            #expect(items[1]["max_supply"] == .null && items[0]["roi"] == .null)
            let bare = try #require(try KeylessFixtures.coinGecko(simulator, "/coins/markets?vs_currency=usd&per_page=1").json().arrayElements)
            #expect(bare[0].objectMembers?.contains { $0.key.hasSuffix("_in_currency") } == false)
        }
    }

    @Test("markets in another currency converts money, keeps percentages, and ids filter silently")
    func marketsCurrency() throws {
        try withSimulator { (simulator: Simulator) throws in
            let items = try #require(
                try KeylessFixtures.coinGecko(simulator, "/coins/markets?vs_currency=btc&ids=ethereum,bitcoin,no-such-coin").json().arrayElements)
            #expect(items.map { $0["id"]?.stringValue } == ["bitcoin", "ethereum"])
            #expect(items[0]["current_price"]?.doubleValue == 1)
            // Market caps stay whole numbers in every currency, as CoinGecko prints them.
            #expect(items[0]["market_cap"]?.doubleValue == (1_585_131_320_240 / 79092.0).rounded())
            #expect(items[0]["price_change_percentage_24h"] == .number("1.97277"))
            let none = try KeylessFixtures.coinGecko(simulator, "/coins/markets?vs_currency=usd&ids=no-such-coin")
            #expect(none.status == 200 && none.text == "[]")
        }
    }

    @Test(
        "A vs_currency CoinGecko does not quote in is the recorded 400, usdt included",
        arguments: ["/coins/markets?vs_currency=usdt", "/coins/markets?vs_currency=xyz", "/coins/bitcoin/market_chart?vs_currency=usdt&days=30"])
    func invalidCurrency(path: String) throws {
        try withSimulator { (simulator: Simulator) throws in
            let response = try KeylessFixtures.coinGecko(simulator, path)
            #expect(response.status == 400)
            #expect(try response.json() == KeylessFixtures.document(.error400Currency))
        }
    }

    @Test("A coin detail asked with the falses is the recording; an unknown id is the recorded 404")
    func coinDetail() throws {
        try withSimulator { (simulator: Simulator) throws in
            let flags = "localization=false&tickers=false&market_data=true&community_data=false&developer_data=false&sparkline=false"
            #expect(try KeylessFixtures.coinGecko(simulator, "/coins/ethereum?\(flags)").json() == KeylessFixtures.document(.coinEthereum))
            let missing = try KeylessFixtures.coinGecko(simulator, "/coins/no-such-coin?\(flags)")
            #expect(missing.status == 404)
            #expect(try missing.json() == KeylessFixtures.document(.error404Coin))
            let solana = try KeylessFixtures.coinGecko(simulator, "/coins/solana?\(flags)").json()
            #expect(solana["market_data"]?["current_price"]?["usd"] == .number("148.073"))
            #expect(solana["tickers"] == nil && solana["localization"] == nil)
        }
    }

    @Test("Booleans default to true: without tickers=false the detail grows a tickers array and localization")
    func coinDetailDefaults() throws {
        try withSimulator { (simulator: Simulator) throws in
            let body = try KeylessFixtures.coinGecko(simulator, "/coins/bitcoin").json()
            #expect(body["tickers"]?.arrayElements?.count == 100)
            #expect(body["localization"]?["en"] == .string("Bitcoin"))
        }
    }

    @Test("Charts: recorded for Bitcoin, generated with the real granularity otherwise, ending on the recorded price")
    func charts() throws {
        try withSimulator { (simulator: Simulator) throws in
            let day = try KeylessFixtures.coinGecko(simulator, "/coins/bitcoin/market_chart?vs_currency=usd&days=1").json()
            #expect(day == (try KeylessFixtures.document(.chartBitcoinDay)))
            let month = try KeylessFixtures.coinGecko(simulator, "/coins/bitcoin/market_chart?vs_currency=usd&days=30&interval=daily").json()
            #expect(month == (try KeylessFixtures.document(.chartBitcoinMonth)))
            for (days, daily, count) in [(90, false, 2161), (365, true, 366), (30, true, 31)] {
                let path = "/coins/ripple/market_chart?vs_currency=usd&days=\(days)" + (daily ? "&interval=daily" : "")
                let chart = try KeylessFixtures.coinGecko(simulator, path).json()
                let prices = try #require(chart["prices"]?.arrayElements)
                #expect(prices.count == count)
                #expect(chart["market_caps"]?.arrayElements?.count == count && chart["total_volumes"]?.arrayElements?.count == count)
                #expect(prices.last?.arrayElements?.last?.doubleValue == 0.505037)
            }
        }
    }

    @Test("More than 365 days, or max, is the recorded 401 with error 10012", arguments: ["366", "max"])
    func historyLimit(days: String) throws {
        try withSimulator { (simulator: Simulator) throws in
            let response = try KeylessFixtures.coinGecko(simulator, "/coins/solana/market_chart?vs_currency=usd&days=\(days)")
            #expect(response.status == 401)
            #expect(try response.json() == KeylessFixtures.document(.error401History))
        }
    }

    @Test("search: eth is the recorded docs example, other words match the known coins, no match is all empty")
    func search() throws {
        try withSimulator { (simulator: Simulator) throws in
            #expect(try KeylessFixtures.coinGecko(simulator, "/search?query=eth").json() == KeylessFixtures.document(.searchETH))
            #expect(try KeylessFixtures.coinGecko(simulator, "/search?query=qqqq").json() == KeylessFixtures.document(.searchNone))
            let coins = try #require(try KeylessFixtures.coinGecko(simulator, "/search?query=doge").json()["coins"]?.arrayElements)
            #expect(coins.first?["id"] == .string("dogecoin") && coins.first?["symbol"] == .string("DOGE"))
        }
    }

    @Test("coins/list is sorted by id, keeps repeated symbols, and unknown paths are 404")
    func listAndUnknownPath() throws {
        try withSimulator { (simulator: Simulator) throws in
            let list = try #require(try KeylessFixtures.coinGecko(simulator, "/coins/list").json().arrayElements)
            let ids = list.compactMap { $0["id"]?.stringValue }
            #expect(ids == ids.sorted() && ids.count == Set(ids).count)
            #expect(list.filter { $0["symbol"] == .string("eth") }.count == 3)
            #expect(list.allSatisfy { $0.objectMembers?.map(\.key) == ["id", "symbol", "name"] })
            #expect(try KeylessFixtures.coinGecko(simulator, "/coins").status == 404)
            #expect(try !RawHTTPClient.fetch(port: simulator.restPort, "/coingeckoX/api/v3/ping").text.contains("gecko_says"))
        }
    }

    @Test("A Demo key is accepted as header or query and the log keeps only that it was there")
    func demoKey() throws {
        try withSimulator { (simulator: Simulator) throws in
            let header = "x-cg-demo-api-key: CG-secret-demo"
            #expect(try KeylessFixtures.coinGecko(simulator, "/ping", headers: [KeylessFixtures.userAgent, header]).status == 200)
            #expect(try KeylessFixtures.coinGecko(simulator, "/ping?x_cg_demo_api_key=CG-secret-demo").status == 200)
            let log = simulator.coinGecko.requestLog
            #expect(log.map(\.hasDemoKeyHeader) == [true, false])
            #expect(log.map(\.hasDemoKeyInQuery) == [false, true])
            #expect(log[1].queryValue("x_cg_demo_api_key") == SimulatorRequestRecord.redactedValue)
            #expect(log.allSatisfy { $0.userAgent?.hasPrefix("lacripta-tests/") == true && $0.path == "/api/v3/ping" })
        }
    }
}
