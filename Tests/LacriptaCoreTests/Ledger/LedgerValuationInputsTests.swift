import Foundation
import Testing

@testable import LacriptaCore

/// What the ledger is valued with besides typed prices: a day's close (for `holdings in` without
/// `--price` and the two sides of a coin-for-coin trade), Kraken's coin-for-coin trades read as a
/// sale and a purchase, and rates for costs and gains recorded in another currency.
@Suite("Ledger valuation inputs")
struct LedgerValuationInputsTests {
    static let day = 86_400.0
    /// 2024-01-01T00:00:00Z.
    static let start = 1_704_067_200.0

    static func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    @Test("a day's close is that UTC day's last point, whatever the spacing; a day the history does not reach has none")
    func dayClose() {
        let history = PriceHistory(points: [
            PricePoint(date: Self.at(Self.start + 3600), close: 100),
            PricePoint(date: Self.at(Self.start + 23 * 3600), close: 110.5),
            PricePoint(date: Self.at(Self.start + Self.day + 3600), close: 120.25),
        ])
        #expect(DayClose.close(on: Self.at(Self.start + 12 * 3600), in: history) == Decimal(string: "110.5"))
        #expect(DayClose.close(on: Self.at(Self.start + Self.day + 7200), in: history) == Decimal(string: "120.25"))
        #expect(DayClose.close(on: Self.at(Self.start - 1), in: history) == nil)
        #expect(DayClose.close(on: Self.at(Self.start + 2 * Self.day), in: history) == nil)
    }

    @Test("the days asked for reach the day valued, in the charts' spans when one does (their cache is shared)")
    func daysBack() {
        #expect(DayClose.days(back: Self.at(Self.start), now: Self.at(Self.start + 3600)) == 30)
        #expect(DayClose.days(back: Self.at(Self.start), now: Self.at(Self.start + 29 * Self.day)) == 30)
        #expect(DayClose.days(back: Self.at(Self.start), now: Self.at(Self.start + 30 * Self.day)) == 90)
        #expect(DayClose.days(back: Self.at(Self.start), now: Self.at(Self.start + 200 * Self.day)) == 365)
        #expect(DayClose.days(back: Self.at(Self.start), now: Self.at(Self.start + 500 * Self.day)) == 501)
        #expect(DayClose.days(back: Self.at(Self.start + Self.day), now: Self.at(Self.start)) == 30, "a future day still asks for some")
    }

    static let krakenLedger = """
        "txid","refid","time","type","subtype","aclass","asset","amount","fee","balance"
        "L1","R1","2024-07-01 09:00:00","deposit","","currency","XETH",1.0000000000,0.0000000000,"x"
        "L2","R2","2024-08-01 10:00:00","trade","","currency","XETH",-0.1000000000,0.0001000000,"x"
        "L3","R2","2024-08-01 10:00:00","trade","","currency","XXBT",0.0040000000,0.0000000000,"x"
        "L4","R3","2024-08-02 10:00:00","trade","","currency","ZEUR",-100.0000,0.2000,"x"
        "L5","R3","2024-08-02 10:00:00","trade","","currency","XXBT",0.0020000000,0.0000000000,"x"

        """

    @Test("Kraken ledgers.csv: a trade of ETH for BTC is a sale of the ETH and a purchase of the BTC, each to be valued, fees in their coin")
    func krakenLedgerSwap() throws {
        let plan = try LedgerImport(bytes: Array(Self.krakenLedger.utf8), format: nil, knownSources: [], knownIDs: [])
        #expect(plan.problems.isEmpty)
        let moves = plan.transactions.map { "\($0.kind.rawValue) \($0.amount.text) \($0.symbol)" }
        #expect(moves == ["in 1.0000000000 ETH", "sell 0.1000000000 ETH", "buy 0.0040000000 BTC", "buy 0.0020000000 BTC"])
        let sale = plan.transactions[1]
        let purchase = plan.transactions[2]
        #expect(sale.price == nil && purchase.price == nil)
        #expect(sale.fee == .init(DecimalText("0.0001000000") ?? .zero, "ETH") && purchase.fee == nil)
        #expect(sale.source == "kraken:L2" && purchase.source == "kraken:L3")
        #expect(sale.note == "traded for 0.0040000000 BTC" && purchase.note == "traded for 0.1000000000 ETH")
        #expect(plan.unvalued == [1, 2], "the money trade has its price; only the two legs wait for a close")
        #expect(plan.transactions[3].price?.currency == "EUR")
        let again = try LedgerImport(
            bytes: Array(Self.krakenLedger.utf8), format: nil, knownSources: Set(plan.transactions.compactMap(\.source)), knownIDs: [])
        #expect(again.transactions.isEmpty && again.duplicates == 4, "both legs are known by their own ledger ids")
    }

    @Test("Kraken trades.csv: a pair quoted in BTC is two legs (the quote's from `cost`, with the fee); a stablecoin quote stays a price")
    func krakenTradeSwap() throws {
        let text = """
            "txid","ordertxid","pair","time","type","ordertype","price","cost","fee","vol","margin","misc","ledgers"
            "T3","O3","XETHXXBT","2024-08-01 10:00:00.1234","buy","limit",0.04000,0.0040000,0.0000100,0.1000,0.0,"","L7","L6"
            "T4","O4","SOLXBT","2024-08-02 10:00:00","sell","limit",0.002,0.02,0.00001,10,0.0,"","L9","L8"
            "T5","O5","XBTUSDC","2024-08-03 10:00:00","sell","market",60000,60,0.1,0.001,0.0,"","L11","L10"
            """
        let plan = try LedgerImport(bytes: Array(text.utf8), format: .kraken, knownSources: [], knownIDs: [])
        #expect(plan.problems.isEmpty)
        let moves = plan.transactions.map {
            "\($0.kind.rawValue) \($0.amount.text) \($0.symbol) \($0.fee.map { "\($0.amount.text) \($0.currency)" } ?? "-")"
        }
        #expect(
            moves == [
                "sell 0.0040000 BTC 0.0000100 BTC", "buy 0.1000 ETH -", "sell 10 SOL -", "buy 0.02 BTC 0.00001 BTC", "sell 0.001 BTC 0.1 USDC",
            ])
        #expect(plan.transactions.map(\.source) == ["kraken:T3:btc", "kraken:T3", "kraken:T4", "kraken:T4:btc", "kraken:T5"])
        #expect(plan.unvalued == [0, 1, 2, 3])
        #expect(plan.transactions[4].price == .init(DecimalText("60000") ?? .zero, "USDC"))
    }

    @Test("the coin-for-coin sample reads the same split into two reads at every offset")
    func splitEverywhere() throws {
        let bytes = Array(Self.krakenLedger.utf8)
        var whole = CSVReader(delimiter: UInt8(ascii: ","))
        let expected = whole.read(bytes) + (try whole.finish())
        for offset in 0...bytes.count {
            var reader = CSVReader(delimiter: UInt8(ascii: ","))
            let records = reader.read(Array(bytes[..<offset])) + reader.read(Array(bytes[offset...])) + (try reader.finish())
            #expect(records == expected, "split at \(offset)")
        }
    }

    /// Bought 1 BTC at 100 EUR, 2 ETH at 10 USD; sold 0.5 BTC at 300 EUR (a gain of 100 EUR).
    static func book() throws -> LedgerBook {
        let journal = try Journal(
            fileText: """
                version 1
                2024-01-01 buy 1 BTC @ 100 EUR
                2024-01-02 buy 2 ETH @ 10 USD
                2024-02-01 sell 0.5 BTC @ 300 EUR

                """, path: "journal")
        return try CostBasis.book(opening: [], transactions: journal.transactions, method: .fifo)
    }

    @Test("costs and gains in another currency count in the total at the rate given, and only where one is given")
    func otherCurrencies() throws {
        let book = try Self.book()
        #expect(book.otherCurrencies(than: "USD") == ["EUR"])
        #expect(book.otherCurrencies(than: "EUR") == ["USD"])
        let rate = try #require(Decimal(string: "1.2"))
        let converted = LedgerValuation(book: book, prices: ["BTC": 400, "ETH": 20], currency: "USD", rates: ["EUR": rate])
        let btc = try #require(converted.lines.first { $0.symbol == "BTC" })
        #expect(btc.cost == 60 && btc.realized == 120 && btc.unrealized == 140 && btc.costCurrencyMismatch == nil)
        #expect(converted.totalCost == 80 && converted.totalUnrealized == 160 && converted.totalRealized == 120)
        #expect(converted.converted == ["EUR"])
        let unconverted = LedgerValuation(book: book, prices: ["BTC": 400, "ETH": 20], currency: "USD")
        let plain = try #require(unconverted.lines.first { $0.symbol == "BTC" })
        #expect(plain.cost == nil && plain.realized == 0 && plain.costCurrencyMismatch == "EUR")
        #expect(unconverted.totalCost == 20 && unconverted.converted.isEmpty)
    }
}
