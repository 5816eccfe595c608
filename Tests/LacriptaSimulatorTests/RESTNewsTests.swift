import LacriptaSimulator
import Testing

@Suite("REST: news and recorded routes")
struct RESTNewsTests {
    private func ids(_ document: JSONValue) -> [String] {
        (document["Data"]?.arrayElements ?? []).compactMap { $0["id"]?.stringValue }
    }

    @Test(
        "categories filter case-insensitively inside the pipe-separated list",
        arguments: [
            ("categories=ETH", 18), ("categories=eth", 18), ("categories=ada", 1), ("categories=ADA,ICO", 4),
            ("", 18), ("categories=TECHNOLOGY&excludeCategories=btc", 3), ("feeds=coinpedia", 3), ("lang=PT", 0),
        ])
    func categoryFilter(query: String, expectedCount: Int) throws {
        try withSimulator { (simulator: Simulator) throws in
            let response = try RawHTTPClient.fetch(port: simulator.restPort, "/data/v2/news/?\(query)")
            let document = try response.json()
            #expect(ids(document).count == expectedCount)
            #expect(document["Message"] == .string("News list successfully returned"))
        }
    }

    @Test("An unknown category is an empty list in the success envelope")
    func unknownCategory() throws {
        try withSimulator { (simulator: Simulator) throws in
            let document = try RawHTTPClient.fetch(port: simulator.restPort, "/data/v2/news/?categories=NOSUCHTHING").json()
            #expect(document["Data"] == .array([]))
            #expect(document["Type"] == .number("100"))
            #expect(document["Promoted"] == .array([]))
        }
    }

    @Test("lTs pages backwards: only articles published strictly before it")
    func pagingBackwards() throws {
        try withSimulator { (simulator: Simulator) throws in
            let all = try RawHTTPClient.fetch(port: simulator.restPort, "/data/v2/news/?categories=ETH").json()
            let articles = all["Data"]?.arrayElements ?? []
            let cut = try #require(articles[5]["published_on"]?.doubleValue)
            let older = try RawHTTPClient.fetch(port: simulator.restPort, "/data/v2/news/?categories=ETH&lTs=\(Int(cut))").json()
            // The rest of the recording, then the archive behind it, up to a full page of 50.
            #expect(Array(ids(older).prefix(12)) == Array(ids(all)[6...]))
            #expect(ids(older).count == 50)
            let times = (older["Data"]?.arrayElements ?? []).compactMap { $0["published_on"]?.doubleValue }
            #expect(times == times.sorted(by: >) && times.allSatisfy { $0 < cut })
        }
    }

    @Test("Paging back by the oldest article of each page reaches every archived article once, then an empty page")
    func pagingToTheEnd() throws {
        try withSimulator { (simulator: Simulator) throws in
            var seen: [String] = []
            var target = "/data/v2/news/?categories=ETH"
            var sizes: [Int] = []
            while sizes.count < 10 {
                let page = try RawHTTPClient.fetch(port: simulator.restPort, target).json()
                let articles = page["Data"]?.arrayElements ?? []
                sizes.append(articles.count)
                guard let oldest = articles.compactMap({ $0["published_on"]?.doubleValue }).min() else { break }
                seen += ids(page)
                target = "/data/v2/news/?categories=ETH&lTs=\(Int(oldest))"
            }
            // 18 recorded, then 5 × 18 archived in pages of at most 50, then nothing.
            #expect(sizes == [18, 50, 40, 0])
            #expect(Set(seen).count == seen.count && seen.count == 108)
        }
    }

    @Test("/data/v2/news without the slash is HTTP 200 'Path does not exist', like the real service")
    func newsWithoutSlash() throws {
        try withSimulator { (simulator: Simulator) throws in
            let response = try RawHTTPClient.fetch(port: simulator.restPort, "/data/v2/news?lang=EN&categories=ETH")
            #expect(response.status == 200)
            #expect(try response.json() == Fixtures.document(.errorPathNotExist))
            #expect(response.text == #"{"Response":"Error","Message":"Path does not exist","Type":0,"Data":{}}"#)
        }
    }

    @Test("An unknown path is HTTP 200 'Path does not exist'")
    func unknownPath() throws {
        try withSimulator { (simulator: Simulator) throws in
            let response = try RawHTTPClient.fetch(port: simulator.restPort, "/data/top/totalvolumefull?tsym=USD")
            #expect(response.status == 200)
            #expect(response.text == #"{"Response":"Error","Message":"Path does not exist","Type":0,"Data":{}}"#)
        }
    }

    @Test(
        "Recorded routes serve their recordings",
        arguments: [
            ("/data/news/categories", RecordedFile.newsCategories),
            ("/data/news/feeds", .newsFeeds),
            ("/data/news/feedsandcategories", .newsFeedsAndCategories),
            ("/stats/rate/limit", .statsRateLimit),
            ("/data/price?fsym=BTC&tsyms=USD,EUR", .priceBTC),
            ("/data/v2/histoday?fsym=BTC&tsym=USD&limit=30", .histodayBTC),
            ("/data/pricemultifull?fsyms=BTC,ETH&tsyms=USD,EUR", .priceMultiFull),
        ])
    func recordedRoutes(target: String, file: RecordedFile) throws {
        try withSimulator { (simulator: Simulator) throws in
            let response = try RawHTTPClient.fetch(port: simulator.restPort, target)
            #expect(response.status == 200)
            #expect(try response.json() == Fixtures.document(file))
        }
    }

    @Test("Price routes narrow, convert and report unknown coins like min-api")
    func priceRoutes() throws {
        try withSimulator { (simulator: Simulator) throws in
            let port = simulator.restPort
            let price = try RawHTTPClient.fetch(port: port, "/data/price?fsym=btc&tsyms=EUR").json()
            #expect(price.serializedString() == #"{"EUR":76916.64}"#)
            let bars = try RawHTTPClient.fetch(port: port, "/data/v2/histoday?fsym=BTC&tsym=USD&limit=10").json()
            #expect(bars["Data"]?["Data"]?.arrayElements?.count == 11)
            let unknown = try RawHTTPClient.fetch(port: port, "/data/v2/histoday?fsym=NOPE&tsym=USD").json()
            #expect(unknown["Message"] == .string("cccagg_or_exchange market does not exist for this coin pair (NOPE-USD)"))
            let missing = try RawHTTPClient.fetch(port: port, "/data/price?tsyms=USD").json()
            #expect(missing["Message"] == .string("fsym is a required param."))
            let multi = try RawHTTPClient.fetch(port: port, "/data/pricemultifull?fsyms=ETH&tsyms=EUR").json()
            #expect(multi["RAW"]?.objectMembers?.map(\.key) == ["ETH"])
            #expect(multi["RAW"]?["ETH"]?.objectMembers?.map(\.key) == ["EUR"])
        }
    }
}
