import Foundation
import Testing

@testable import LacriptaCore

/// Each exchange's export on real-shaped samples from the reference, quirks kept: the preamble and
/// BOM, header versions, currency symbols, localized numbers, glued-on assets, time zones; a
/// re-import adds nothing; lacripta's own CSV reads back without loss.
@Suite("Import")
struct ImportTests {
    static func plan(_ text: String, format: ImportFormat? = nil, known: Set<String> = [], ids: Set<String> = []) throws -> LedgerImport {
        try LedgerImport(bytes: Array(text.utf8), format: format, knownSources: known, knownIDs: ids)
    }

    static func lines(_ plan: LedgerImport) -> [String] { plan.transactions.map(JournalLine.write) }

    static let coinbaseV4 = """
        \u{FEFF}
        Transactions
        User,Jane Doe,6f1e2c3d-0000-4000-8000-000000000000
        ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes
        623d6507925c200001fcbXXX,2022-03-25 06:45:27 UTC,Buy,BTC,0.00166779,EUR,€39999.331136545,€67.01,€70.00,€2.99,Bought 0.00166779 BTC for 70 EUR
        67514944a3f9bf34890d8XXX,2024-12-05 06:33:40 UTC,Convert,BTC,0.00163125,EUR,€96847.4058739011,€157.98,€164.00,,Converted 0.00163125 BTC to 156.145683 XRP
        677d8000e36ea79e78611XXX,2025-01-07 19:26:56 UTC,Send,ETH2,-0.180914809326,EUR,€3302.6508979077133026,-€597.49846,-€597.49846,€0.00,Sent 0.180914809326 ETH2s
        aaaa,2025-01-08 10:00:00 UTC,Deposit,EUR,100,EUR,€1,€100,€100,,
        bbbb,2025-01-09 10:00:00 UTC,Retail Simple Dust,BTC,0.0000001,EUR,€1,€1,€1,,

        """

    @Test("Coinbase v4: BOM and preamble, € amounts, signs ignored for the type's direction, Convert split, fiat and unknown types left out")
    func coinbaseV4() throws {
        let plan = try Self.plan(Self.coinbaseV4)
        #expect(plan.format == .coinbase && plan.problems.isEmpty)
        #expect(
            Self.lines(plan) == [
                "2022-03-25T06:45:27Z buy 0.00166779 BTC @ 39999.331136545 EUR fee 2.99 EUR at:coinbase src:coinbase:623d6507925c200001fcbXXX",
                "2024-12-05T06:33:40Z sell 0.00163125 BTC @ 96847.4058739011 EUR at:coinbase src:coinbase:67514944a3f9bf34890d8XXX",
                "2024-12-05T06:33:40Z buy 156.145683 XRP @ 1.050301211337363711 EUR at:coinbase src:coinbase:67514944a3f9bf34890d8XXX:to",
                "2025-01-07T19:26:56Z out 0.180914809326 ETH2 at:coinbase src:coinbase:677d8000e36ea79e78611XXX",
            ])
        #expect(plan.skipped.map(\.line) == [8, 9])
        #expect(plan.lines == [5, 6, 6, 7])
        // 164.00 EUR for 156.145683 XRP: 1.050301211337363711 EUR each (to 18 places).
    }

    @Test("Coinbase v1 (the fiat in the column names) and v3 (Advanced Trade, ISO times), without an ID: a stable id from the row")
    func coinbaseOlder() throws {
        let v1 = """
            Timestamp,Transaction Type,Asset,Quantity Transacted,EUR Spot Price at Transaction,EUR Subtotal,EUR Total (inclusive of fees),EUR Fees,Notes
            2019-09-20T14:48:34Z,Buy,BTC,0.0030091,9308.43,28.01,30.00,1.99,Bought 0.0030091 BTC for â‚¬30.00 EUR
            """
        let plan = try Self.plan(v1)
        #expect(
            Self.lines(plan).first?.hasPrefix("2019-09-20T14:48:34Z buy 0.0030091 BTC @ 9308.43 EUR fee 1.99 EUR at:coinbase src:coinbase:row-")
                == true)
        #expect(try Self.lines(Self.plan(v1)) == Self.lines(plan), "the same row gets the same id")
        let v3 = """
            Timestamp,Transaction Type,Asset,Quantity Transacted,Spot Price Currency,Spot Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes
            2022-07-07T16:42:31Z,Advanced Trade Sell,MATIC,10.7,GBP,0.470000,5.03,5.01,0.020000,Sold 10.7000 MATIC for £5.01 GBP on MATIC-GBP
            2022-07-12T23:50:46+01:00,Advanced Trade Buy,ADA,7.07,GBP,0.350000,2.47,2.48,0.010000,Bought 7.0700 ADA for £2.48 GBP on ADA-GBP
            """
        let older = Self.lines(try Self.plan(v3))
        #expect(older.count == 2)
        #expect(older[0].hasPrefix("2022-07-07T16:42:31Z sell 10.7 MATIC @ 0.470000 GBP fee 0.020000 GBP"))
        #expect(older[1].hasPrefix("2022-07-12T22:50:46Z buy 7.07 ADA @ 0.350000 GBP fee 0.010000 GBP"), "the offset is turned into UTC")
    }

    @Test("Kraken ledgers.csv: a trade's two rows by refid, the fee in money, pending rows and money deposits left out")
    func krakenLedgers() throws {
        let text = """
            "txid","refid","time","type","subtype","aclass","asset","amount","fee","balance"
            "","R1","2021-02-02 10:33:53","deposit","","currency","ZEUR",1000.0000,0.0000,"x"
            "L1","R1","2021-02-02 10:36:03","deposit","","currency","ZEUR",1000.0000,0.0000,"x"
            "L2","R2","2021-02-02 13:30:51","trade","","currency","ZEUR",-997.4067,2.5933,"x"
            "L3","R2","2021-02-02 13:30:51","trade","","currency","XXBT",0.0344177800,0.0000000000,"x"
            "L4","R4","2021-03-01 09:00:00","staking","","currency","DOT.S",1.5,0,"x"
            "L5","R5","2021-03-02 09:00:00","withdrawal","","currency","XXBT",-0.01,0.0005,"x"
            """
        let plan = try Self.plan(text)
        #expect(plan.format == .kraken && plan.problems.isEmpty)
        #expect(
            Self.lines(plan) == [
                "2021-02-02T13:30:51Z buy 0.0344177800 BTC @ 28979.402506495189405011 EUR fee 2.5933 EUR at:kraken src:kraken:L3",
                "2021-03-01T09:00:00Z in 1.5 DOT at:kraken src:kraken:L4 ; staking",
                "2021-03-02T09:00:00Z out 0.01 BTC fee 0.0005 BTC at:kraken src:kraken:L5",
            ])
        #expect(plan.skipped.count == 2)
    }

    @Test("Kraken trades.csv: fractional seconds, mixed pair styles, a ledgers column split in two")
    func krakenTrades() throws {
        let text = """
            "txid","ordertxid","pair","time","type","ordertype","price","cost","fee","vol","margin","misc","ledgers"
            "T1","O1","XXBTZEUR","2021-02-02 13:30:51.7025","buy","market",28979.40000,997.40670,2.59326,0.03441778,0.00000,"","L3","L2"
            "T2","O2","XBTUSDC","2021-02-02 13:31:08.8733","sell","market",34878.04000,8.05962,0.02096,0.00023108,0.00000,"","L5","L4"
            """
        #expect(
            Self.lines(try Self.plan(text)) == [
                "2021-02-02T13:30:51Z buy 0.03441778 BTC @ 28979.40000 EUR fee 2.59326 EUR at:kraken src:kraken:T1",
                "2021-02-02T13:31:08Z sell 0.00023108 BTC @ 34878.04000 USDC fee 0.02096 USDC at:kraken src:kraken:T2",
            ])
    }

    @Test("Binance trade history: assets glued on, thousands commas, fee in a third coin")
    func binance() throws {
        let text = """
            Date(UTC),Pair,Side,Price,Executed,Amount,Fee
            2024-03-01 10:00:00,BTCUSDT,BUY,"62,000",0.01BTC,620USDT,0.00001BTC
            2024-03-02 11:00:00,ETHUSDT,SELL,3400.5,"1,000.5ETH",3402200.25USDT,0.002BNB
            """
        #expect(
            Self.lines(try Self.plan(text)).map { $0.components(separatedBy: " src:").first ?? "" } == [
                "2024-03-01T10:00:00Z buy 0.01 BTC @ 62000 USDT fee 0.00001 BTC at:binance",
                "2024-03-02T11:00:00Z sell 1000.5 ETH @ 3400.5 USDT fee 0.002 BNB at:binance",
            ])
    }

    @Test(
        "localized numbers read as plain digits",
        arguments: [
            ("1,234.56", "1234.56"), ("1.234,56", "1234.56"), ("0,5", "0.5"), ("44,000", "44000"), ("-€597.49846", "597.49846"),
            ("$ 1,000.00", "1000.00"), ("(12.5)", "12.5"), ("1E-8", "0.00000001"), ("0.5BTC", "0.5"),
        ])
    func numbers(text: String, digits: String) {
        #expect(ImportNumber.read(text)?.magnitude.text == digits)
    }

    @Test("a bad row is named by its line with the reason; the other rows are still planned")
    func badRow() throws {
        let text = """
            Date(UTC),Pair,Side,Price,Executed,Amount,Fee
            2024-03-01 10:00:00,BTCUSDT,BUY,62000,0.01BTC,620USDT,0
            yesterday,BTCUSDT,BUY,62000,0.01BTC,620USDT,0
            2024-03-01 10:00:00,BTCUSDT,HOLD,62000,0.01BTC,620USDT,0
            """
        let plan = try Self.plan(text)
        #expect(plan.problems.map(\.line) == [3, 4])
        #expect(plan.problems[0].reason.contains("`yesterday` is not a date"))
        #expect(plan.transactions.count == 1)
    }

    @Test("a re-import adds nothing: every row's exchange id is already known")
    func reimport() throws {
        let first = try Self.plan(Self.coinbaseV4)
        let again = try Self.plan(Self.coinbaseV4, known: Set(first.transactions.compactMap(\.source)))
        #expect(again.transactions.isEmpty && again.duplicates == 4)
    }

    @Test("export → import is the identity, notes with commas and quotes included; importing it again adds nothing")
    func roundTrip() throws {
        let journal = try Journal(
            fileText: """
                2024-01-15T12:00:00Z buy 0.5 BTC @ 30000 USD fee 10 USD at:coinbase id:a1b2c3 src:coinbase:X1 ; first, "cheap"
                2024-03-01 in 000.10 ETH id:b2 ; staking
                2024-06-01T09:30+02:00 sell 0.2 BTC @ 60000 USD fee 0.0001 BTC id:c3
                2024-08-01 set 1 SOL @ 150 EUR id:d4
                """, path: "journal")
        let csv = GenericCSV.write(journal.transactions)
        let plan = try Self.plan(csv)
        #expect(plan.format == .generic && plan.problems.isEmpty)
        #expect(plan.transactions == journal.transactions)
        let again = try Self.plan(csv, known: journal.sourceIDs, ids: journal.shortIDs)
        #expect(again.transactions.isEmpty && again.duplicates == 4)
    }

    @Test("a file with no known header is refused, naming what was looked for")
    func unknownFile() {
        #expect(throws: LedgerImport.Failure.self) { try Self.plan("a,b,c\n1,2,3\n") }
        #expect(throws: LedgerImport.Failure.self) { try Self.plan(Self.coinbaseV4, format: .kraken) }
    }
}
