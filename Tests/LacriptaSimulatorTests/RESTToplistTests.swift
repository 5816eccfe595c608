import LacriptaSimulator
import Testing

@Suite("REST: toplist")
struct RESTToplistTests {
    private static let path = "/data/top/totaltoptiervolfull"

    private func names(_ document: JSONValue) -> [String] {
        (document["Data"]?.arrayElements ?? []).compactMap { $0["CoinInfo"]?["Name"]?.stringValue }
    }

    @Test("limit and page slice the recorded ranking; the envelope is the recorded one")
    func limitAndPage() throws {
        try withSimulator { (simulator: Simulator) throws in
            let recorded = names(try Fixtures.document(.toplistUSD))
            let first = try RawHTTPClient.fetch(port: simulator.restPort, "\(Self.path)?tsym=USD&limit=10")
            #expect(first.status == 200)
            #expect(first.headers["Content-Type"] == "application/json; charset=UTF-8")
            let firstPage = try first.json()
            #expect(names(firstPage) == Array(recorded[0..<10]))
            #expect(firstPage["Message"] == .string("Success"))
            #expect(firstPage["Response"] == nil)
            #expect(firstPage["MetaData"]?["Count"] == .number("2426"))
            let third = try RawHTTPClient.fetch(port: simulator.restPort, "\(Self.path)?tsym=USD&limit=20&page=2").json()
            #expect(names(third) == Array(recorded[40..<50]))
        }
    }

    @Test(
        "limit is clamped to 10…100 and a page past the end is an empty success",
        arguments: [
            ("limit=3", 10), ("limit=500", 50), ("", 10), ("limit=abc", 10), ("limit=50&page=1", 0), ("limit=10&page=99999999999999999", 0),
        ])
    func clamping(query: String, expectedCount: Int) throws {
        try withSimulator { (simulator: Simulator) throws in
            let document = try RawHTTPClient.fetch(port: simulator.restPort, "\(Self.path)?tsym=USD&\(query)").json()
            #expect(document["Data"]?.arrayElements?.count == expectedCount)
            #expect(document["Type"] == .number("100"))
        }
    }

    @Test("USD is served exactly as recorded, keeping JS-style numbers and string FLAGS")
    func usdIsVerbatim() throws {
        try withSimulator { (simulator: Simulator) throws in
            let recordedItems = try Fixtures.document(.toplistUSD)["Data"]?.arrayElements ?? []
            let served = try RawHTTPClient.fetch(port: simulator.restPort, "\(Self.path)?tsym=usd&limit=100").json()
            #expect(served["Data"]?.arrayElements == recordedItems)
            #expect(served["Data"]?.arrayElements?.first?["RAW"]?["USD"]?["FLAGS"] == .string("1"))
        }
    }

    @Test("EUR converts every price-like RAW field by the recorded BTC EUR/USD ratio, and UMA still lacks RAW")
    func euroConversion() throws {
        try withSimulator { (simulator: Simulator) throws in
            let price = try Fixtures.document(.priceBTC)
            let rate = try #require(price["EUR"]?.doubleValue) / (try #require(price["USD"]?.doubleValue))
            let usdItems = try Fixtures.document(.toplistUSD)["Data"]?.arrayElements ?? []
            let eur = try RawHTTPClient.fetch(port: simulator.restPort, "\(Self.path)?tsym=EUR&limit=100").json()
            let eurItems = eur["Data"]?.arrayElements ?? []
            #expect(eurItems.count == usdItems.count)
            for (usdItem, eurItem) in zip(usdItems, eurItems) {
                guard let usdRaw = usdItem["RAW"]?["USD"] else {
                    #expect(eurItem["RAW"] == nil)
                    #expect(eurItem["DISPLAY"] == nil)
                    continue
                }
                let eurRaw = try #require(eurItem["RAW"]?["EUR"])
                #expect(eurItem["RAW"]?["USD"] == nil)
                #expect(eurRaw["TOSYMBOL"] == .string("EUR"))
                #expect(eurRaw["FLAGS"] == usdRaw["FLAGS"])
                for field in ["PRICE", "OPEN24HOUR", "HIGHDAY", "LOWHOUR", "CHANGE24HOUR", "MKTCAP", "VOLUME24HOURTO", "TOTALVOLUME24HTO"] {
                    guard let usd = usdRaw[field]?.doubleValue, let converted = eurRaw[field]?.doubleValue else { continue }
                    #expect(abs(converted - usd * rate) <= abs(usd * rate) * 1e-12, "\(field)")
                }
                for field in ["SUPPLY", "VOLUME24HOUR", "CHANGEPCT24HOUR", "LASTUPDATE"] {
                    #expect(eurRaw[field] == usdRaw[field], "\(field) must not change")
                }
                #expect(eurItem["DISPLAY"]?["EUR"]?["TOSYMBOL"] == .string("€"))
            }
            let uma = try #require(eurItems.last)
            #expect(uma["CoinInfo"]?["Name"] == .string("UMA"))
            #expect(uma["RAW"] == nil)
        }
    }

    @Test("BTC as to-symbol prices bitcoin at about 1")
    func bitcoinQuote() throws {
        try withSimulator { (simulator: Simulator) throws in
            let document = try RawHTTPClient.fetch(port: simulator.restPort, "\(Self.path)?tsym=BTC").json()
            let btc = try #require(document["Data"]?.arrayElements?.first?["RAW"]?["BTC"]?["PRICE"]?.doubleValue)
            #expect(abs(btc - 1) < 1e-9)
            #expect(document["Data"]?.arrayElements?.first?["DISPLAY"]?["BTC"]?["PRICE"] == .string("Ƀ 1.00"))
        }
    }

    @Test("A missing tsym gives the verbatim required-param error with HTTP 200")
    func missingToSymbol() throws {
        try withSimulator { (simulator: Simulator) throws in
            let response = try RawHTTPClient.fetch(port: simulator.restPort, "\(Self.path)?limit=10")
            #expect(response.status == 200)
            #expect(try response.json() == Fixtures.document(.errorMissingParam))
        }
    }

    @Test("An unknown tsym gives the recorded invalid-symbol error with that symbol")
    func unknownToSymbol() throws {
        try withSimulator { (simulator: Simulator) throws in
            let response = try RawHTTPClient.fetch(port: simulator.restPort, "\(Self.path)?tsym=QQQ")
            let document = try response.json()
            #expect(response.status == 200)
            #expect(document["Message"] == .string("There is no data for any of the toSymbols QQQ ."))
            #expect(document["Warning"] == .string("There is no data for the toSymbol/s QQQ "))
            #expect(document["ParamWithError"] == .string("tsyms"))
            let recorded = try Fixtures.document(.errorInvalidSymbol)
            #expect(try JSONParser.parse(try RawHTTPClient.fetch(port: simulator.restPort, "\(Self.path)?tsym=XYZ").body) == recorded)
        }
    }
}
