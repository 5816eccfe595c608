import Foundation
import LacriptaCore

/// The ledger's speed at 10,000 rows: an exchange CSV planned for import (read, rows checked,
/// duplicates looked up), the journal read and booked and valued (what `holdings` does once the
/// prices are cached), and the cost-basis pass alone, by every method.
enum LedgerBenchmark {
    /// Runs each `runs` times and reports the best.
    static func run(rows: Int = 10_000, runs: Int = 10) {
        let clock = ContinuousClock()
        let csv = coinbaseCSV(rows: rows)
        var importBest = Double.infinity
        var planned = 0
        for _ in 0..<runs {
            let start = clock.now
            guard let plan = try? LedgerImport(bytes: csv, format: nil, knownSources: [], knownIDs: []) else {
                fail("the constructed CSV does not import")
            }
            importBest = min(importBest, seconds(clock.now - start))
            planned = plan.transactions.count
        }
        report(
            "ledger-import", ["milliseconds": importBest * 1000, "rows": Double(rows), "transactions": Double(planned), "bytes": Double(csv.count)])

        let text = journalText(rows: rows)
        var holdingsBest = Double.infinity
        var journal: Journal?
        for _ in 0..<runs {
            let start = clock.now
            guard let read = try? Journal(fileText: text, path: "journal"),
                let book = try? CostBasis.book(opening: [], transactions: read.transactions, method: .fifo)
            else { fail("the constructed journal does not book") }
            let valuation = LedgerValuation(book: book, prices: ["BTC": 65_000, "ETH": 3_000, "SOL": 150], currency: "USD")
            holdingsBest = min(holdingsBest, seconds(clock.now - start))
            guard valuation.lines.count == 3 else { fail("the constructed journal holds \(valuation.lines.count) coins") }
            journal = read
        }
        report("ledger-holdings", ["milliseconds": holdingsBest * 1000, "transactions": Double(journal?.transactions.count ?? 0)])

        let transactions = journal?.transactions ?? []
        for method in CostMethod.allCases {
            var best = Double.infinity
            for _ in 0..<runs {
                let start = clock.now
                guard (try? CostBasis.book(opening: [], transactions: transactions, method: method)) != nil else { fail("the pass refused") }
                best = min(best, seconds(clock.now - start))
            }
            report("ledger-cost-basis-\(method.rawValue)", ["milliseconds": best * 1000, "transactions": Double(transactions.count)])
        }
    }

    /// A Coinbase v4 export: buys of three coins, every fourth row a sale of a little of one.
    static func coinbaseCSV(rows: Int) -> [UInt8] {
        var text = "\u{FEFF}\r\nTransactions\r\nUser,Bench,00000000-0000-4000-8000-000000000000\r\n"
        text += "ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,"
        text += "Total (inclusive of fees and/or spread),Fees and/or Spread,Notes\r\n"
        for index in 0..<rows {
            let coin = ["BTC", "ETH", "SOL"][index % 3]
            let sell = index % 4 == 3
            let day = 1 + index % 28
            let line =
                "id\(index),2024-\(String(format: "%02d", 1 + index % 12))-\(String(format: "%02d", day)) 10:\(String(format: "%02d", index % 60)):00 UTC,"
            text += line + (sell ? "Sell,\(coin),-0.001," : "Buy,\(coin),0.01,") + "USD,$\(1000 + index % 500).25,$10.00,$10.99,$0.99,Bench row\r\n"
        }
        return Array(text.utf8)
    }

    /// A journal of `rows` lines in date order, buys and some sales.
    static func journalText(rows: Int) -> String {
        var lines = ["version 1"]
        let start = Date(timeIntervalSince1970: 1_704_067_200)
        for index in 0..<rows {
            let coin = ["BTC", "ETH", "SOL"][index % 3]
            let date = LedgerDate(start.addingTimeInterval(Double(index) * 3600)).text
            let sell = index % 4 == 3
            lines.append("\(date) \(sell ? "sell 0.001" : "buy 0.01") \(coin) @ \(1000 + index % 500).25 USD fee 0.99 USD id:b\(index)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
