import Foundation
import LacriptaCore

/// Increments a second applied to a book of 20 levels a side, CEX.IO's window (#25 asks for at
/// least 500,000), and the cost of walking it for a size. The increments are made beforehand:
/// what is measured is the book, not the making of levels.
enum OrderBookBenchmark {
    static func run(increments: Int = 1_000_000, runs: Int = 5) {
        var random = SystemRandomNumberGenerator()
        func number(_ text: String) -> QuoteNumber {
            guard let number = QuoteNumber(text) else { fail("not a number: \(text)") }
            return number
        }
        // Prices in cents around 86,875, sizes with eight decimals; one in four deletes its level.
        let levels = (0..<4_096).map { _ -> (OrderBook.Side, OrderBook.Level) in
            let isBid = Bool.random(using: &random)
            let cents = Int.random(in: 0..<3_000, using: &random)
            let price = String(format: "%d.%02d", isBid ? 86_845 + cents / 100 : 86_875 + cents / 100, cents % 100)
            let size =
                Int.random(in: 0..<4, using: &random) == 0 ? "0.00000000" : String(format: "0.%08d", Int.random(in: 1..<99_999_999, using: &random))
            return (isBid ? .bids : .asks, OrderBook.Level(price: number(price), size: number(size)))
        }
        let clock = ContinuousClock()
        var best = Double.infinity
        var book = OrderBook()
        for _ in 0..<runs {
            book = OrderBook()
            let start = clock.now
            for index in 0..<increments {
                let (side, level) = levels[index & 4_095]
                book.update(side, level)
                if index & 15 == 15 { book.keep(depth: 20) }
            }
            best = min(best, seconds(clock.now - start))
        }
        report("book-increments", ["perSecond": Double(increments) / best, "increments": Double(increments), "depth": 20])

        var walkBest = Double.infinity
        for _ in 0..<runs {
            let start = clock.now
            for _ in 0..<1_000 { _ = SizeCost.buying(2, on: book) }
            walkBest = min(walkBest, seconds(clock.now - start) / 1_000)
        }
        report("book-size-walk", ["microseconds": walkBest * 1e6, "levels": Double(book.asks.count)])
    }
}
