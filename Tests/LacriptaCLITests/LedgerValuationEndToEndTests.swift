import Foundation
import LacriptaSimulator
import Testing

/// What the ledger values without a typed price, with the built binary against the simulator:
/// `holdings in` at the day's close, a Kraken trade of ETH for BTC imported as two valued legs, a
/// total across currencies at a stated rate, and the lists by lots and disposals as JSON.
@Suite("ledger valuation end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"))
struct LedgerValuationEndToEndTests {
    typealias Fixture = LedgerEndToEndTests.Fixture

    /// A day inside the simulator's recorded history (it ends on its recorded day, not today).
    static func recordedDay(_ fixture: Fixture, _ index: Int = 10) async throws -> String {
        // The last 30 of a year of daily closes (30 days are hourly).
        let coin = try fixture.object(try await fixture.run("coin", "BTC", "--json", "--days", "365").stdout)
        let days = Array(try #require(coin["history"] as? [[String: Any]]).compactMap { $0["date"] as? String }.suffix(30))
        try #require(days.count > index)
        return String(days[index].prefix(10))
    }

    @Test("holdings in without --price is valued at that day's close and says so; offline it records nothing, exit 69")
    func inAtClose() async throws {
        let fixture = try Fixture()
        let day = try await Self.recordedDay(fixture)
        let result = try await fixture.run("holdings", "in", "BTC", "0.5", "--date", day, "--note", "gift")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("The price is valued at \(day)'s close from CoinGecko (--price records another)."))
        let entry = try #require(try fixture.entries().first)
        #expect(entry.hasPrefix("\(day) in 0.5 BTC @ ") && entry.contains(" USD id:"))
        #expect(entry.hasSuffix("; gift; valued at \(day)'s close from CoinGecko"))
        let price = try #require(Decimal(string: String(entry.split(separator: " ")[5])))
        #expect(price > 0)
        let rows = try #require(try fixture.object(try await fixture.run("holdings", "--json").stdout)["holdings"] as? [[String: Any]])
        let cost = try #require((rows.first?["cost"] as? NSNumber)?.doubleValue)
        #expect(abs(cost - NSDecimalNumber(decimal: price / 2).doubleValue) < 0.000_001)

        let before = try fixture.file("journal")
        // CoinGecko's keyless history reaches back a year: an older day has no close to take.
        let tooOld = try await fixture.run("holdings", "in", "BTC", "0.1", "--date", "2001-01-01")
        #expect(tooOld.status == 64 && tooOld.stderr.contains("365 days") && tooOld.stderr.contains("give --price instead"), "\(tooOld.stderr)")
        #expect(try fixture.file("journal") == before)
        // Offline, the coin list comes from the cache, but ETH's history was never fetched.
        fixture.simulator.stop()
        let offline = try await fixture.run("holdings", "in", "ETH", "0.1", "--date", day)
        #expect(offline.status == 69, "\(offline.stderr)")
        #expect(
            offline.stderr.contains("is valued at the day's close") && offline.stderr.contains("give --price instead (nothing was written)"),
            "\(offline.stderr)")
        #expect(try fixture.file("journal") == before)
    }

    @Test("a Kraken trade of ETH for BTC is imported as a sale of ETH and a purchase of BTC, each at its day's close")
    func krakenSwap() async throws {
        let fixture = try Fixture()
        let day = try await Self.recordedDay(fixture)
        let text = """
            "txid","refid","time","type","subtype","aclass","asset","amount","fee","balance"
            "L1","R1","\(day) 09:00:00","deposit","","currency","XETH",1.0000000000,0.0000000000,"x"
            "L2","R2","\(day) 10:00:00","trade","","currency","XETH",-0.1000000000,0.0001000000,"x"
            "L3","R2","\(day) 10:00:00","trade","","currency","XXBT",0.0040000000,0.0000000000,"x"
            """
        let path = fixture.home.appendingPathComponent("ledgers.csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let imported = try await fixture.run("holdings", "import", path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "Imported 3 transactions from a kraken export.\n")
        let entries = try fixture.entries()
        #expect(entries.count == 3)
        #expect(entries[1].hasPrefix("\(day)T10:00:00Z sell 0.1000000000 ETH @ ") && entries[1].contains(" USD fee 0.0001000000 ETH at:kraken"))
        #expect(entries[1].hasSuffix("; traded for 0.0040000000 BTC; valued at \(day)'s close from CoinGecko"))
        #expect(entries[2].hasPrefix("\(day)T10:00:00Z buy 0.0040000000 BTC @ ") && entries[2].contains(" USD at:kraken"))
        let realized = try fixture.object(try await fixture.run("holdings", "--realized", "--json").stdout)
        let disposals = try #require(realized["disposals"] as? [[String: Any]])
        #expect(disposals.map { $0["kind"] as? String } == ["sale", "fee"])
        #expect(disposals.allSatisfy { $0["currency"] as? String == "USD" || $0["currency"] is NSNull })
        let again = try await fixture.run("holdings", "import", path)
        #expect(again.stdout == "Imported 0 transactions from a kraken export (3 already in the journal).\n")
    }

    @Test("a total across currencies converts at today's rate and names it, with its source and time, in the table and the JSON")
    func otherCurrency() async throws {
        let fixture = try Fixture()
        let day = try await Self.recordedDay(fixture)
        #expect(try await fixture.run("holdings", "buy", "BTC", "0.5", "--price", "30000", "--currency", "EUR", "--date", day).status == 0)
        #expect(try await fixture.run("holdings", "buy", "ETH", "2", "--price", "1000", "--date", day).status == 0)
        let json = try await fixture.run("holdings", "--json")
        #expect(json.status == 0, "\(json.stderr)")
        let body = try fixture.object(json.stdout)
        let rates = try #require(body["rates"] as? [[String: Any]])
        #expect(rates.count == 1 && rates[0]["from"] as? String == "EUR" && rates[0]["to"] as? String == "USD")
        #expect(rates[0]["source"] as? String == "CoinGecko" && (rates[0]["time"] as? String)?.hasSuffix("Z") == true)
        let rateText = try #require(rates[0]["rate"] as? String)
        let rate = try #require(Decimal(string: rateText))
        #expect(rate > 0)
        let rows = try #require(body["holdings"] as? [[String: Any]])
        let btc = try #require(rows.first { $0["symbol"] as? String == "BTC" })
        let cost = try #require((btc["cost"] as? NSNumber)?.doubleValue)
        #expect(abs(cost - 15000 * NSDecimalNumber(decimal: rate).doubleValue) < 0.01)
        #expect(btc["profitNote"] is NSNull)
        let table = try await fixture.run("holdings")
        #expect(table.stdout.contains("Costs and gains in EUR converted at 1 EUR = ") && table.stdout.contains(" USD (CoinGecko"))
        #expect(!table.stderr.contains("no P/L for BTC"))
    }

    @Test("--lots and --realized as JSON: exact decimal strings, every key present")
    func listsAsJSON() async throws {
        let fixture = try Fixture()
        #expect(try await fixture.run("holdings", "buy", "BTC", "1", "--price", "100", "--date", "2024-01-01").status == 0)
        #expect(try await fixture.run("holdings", "buy", "BTC", "1", "--price", "200", "--date", "2024-02-01").status == 0)
        #expect(try await fixture.run("holdings", "sell", "BTC", "1.5", "--price", "300", "--fee", "3", "--date", "2024-03-01").status == 0)
        let lots = try fixture.object(try await fixture.run("holdings", "--lots", "--json").stdout)
        #expect(lots["method"] as? String == "fifo")
        let open = try #require(lots["lots"] as? [[String: Any]])
        #expect(open.count == 1)
        #expect(open[0]["symbol"] as? String == "BTC" && open[0]["acquired"] as? String == "2024-02-01")
        #expect(open[0]["amount"] as? String == "0.5" && open[0]["unitCost"] as? String == "200" && open[0]["cost"] as? String == "100")
        #expect(open[0]["currency"] as? String == "USD" && (open[0]["origin"] as? String)?.count == 6)
        // FIFO: the 1 at 100 and 0.5 of the 1 at 200 (200 in all) for 450 − 3: a gain of 247.
        let realized = try fixture.object(try await fixture.run("holdings", "--realized", "--year", "2024", "--json", "--method", "fifo").stdout)
        #expect(realized["year"] as? Int == 2024)
        let sales = try #require(realized["disposals"] as? [[String: Any]])
        #expect(sales.count == 1)
        #expect(sales[0]["proceeds"] as? String == "450" && sales[0]["fee"] as? String == "3" && sales[0]["cost"] as? String == "200")
        #expect(sales[0]["gain"] as? String == "247" && sales[0]["costCurrency"] is NSNull)
        let totals = try #require(realized["totals"] as? [[String: Any]])
        #expect(totals.count == 1 && totals[0]["currency"] as? String == "USD" && totals[0]["gain"] as? String == "247")
        let none = try fixture.object(try await fixture.run("holdings", "--realized", "--year", "2023", "--json").stdout)
        #expect((none["disposals"] as? [Any])?.isEmpty == true && (none["totals"] as? [Any])?.isEmpty == true)
    }
}
