import Foundation
import LacriptaCore
import LacriptaTestSupport
import Testing

/// Builds a level from the digits an exchange would send.
func level(_ price: String, _ size: String) -> OrderBook.Level {
    guard let price = QuoteNumber(price), let size = QuoteNumber(size) else { preconditionFailure("a test's level is not two numbers") }
    return OrderBook.Level(price: price, size: size)
}

/// The prices of a side, as sent.
private func prices(_ levels: [OrderBook.Level]) -> [String] {
    levels.map(\.price.text)
}

@Suite("Order book")
struct OrderBookTests {
    @Test("a snapshot in any order is kept best first; sizes of zero are left out; of two levels at one price the later counts")
    func snapshot() {
        // CEX.IO's order_book_subscribe answer sends its levels unsorted.
        let book = OrderBook(
            bids: [level("86850", "0.05"), level("86875", "0.04301025"), level("86825", "0.05"), level("86800", "0"), level("86850", "0.07")],
            asks: [level("86876.9", "0.4"), level("86875.1", "3.40529629"), level("86875.2", "0.12122756")])
        #expect(prices(book.bids) == ["86875", "86850", "86825"])
        #expect(book.bids[1].size.text == "0.07")
        #expect(prices(book.asks) == ["86875.1", "86875.2", "86876.9"])
        #expect(book.bestBid?.price.text == "86875" && book.bestAsk?.price.text == "86875.1")
    }

    @Test("an increment sets a level, replaces one at the same price, and a size of zero deletes it")
    func increments() {
        var book = OrderBook(bids: [level("100", "1"), level("99", "2")], asks: [level("101", "1")])
        book.update(.bids, level("99.5", "3"))
        book.update(.asks, level("101", "0.25"))
        book.update(.asks, level("100.5", "2"))
        book.update(.bids, level("100", "0.000"))
        book.update(.asks, level("105", "0"))  // not there: nothing to delete
        #expect(prices(book.bids) == ["99.5", "99"])
        #expect(prices(book.asks) == ["100.5", "101"])
        #expect(book.asks[1].size.text == "0.25")
    }

    @Test("a side may be empty: no best bid, and deleting its last level empties it again")
    func emptySide() {
        var book = OrderBook(bids: [], asks: [level("0.15517", "905.000000")])
        #expect(book.bestBid == nil && book.bestAsk?.price.text == "0.15517")
        book.update(.asks, level("0.15517", "0.000000"))
        #expect(book.bestAsk == nil && book.asks.isEmpty)
    }

    @Test("keeping a depth drops the worst levels of each side")
    func depth() {
        var book = OrderBook(bids: (1...5).map { level("\(100 - $0)", "1") }, asks: (1...5).map { level("\(100 + $0)", "1") })
        book.keep(depth: 2)
        #expect(prices(book.bids) == ["99", "98"] && prices(book.asks) == ["101", "102"])
    }

    @Test("ten thousand random increments leave the same book as a plain dictionary of levels, sorted")
    func randomIncrements() {
        var random = SeededRandom(seed: 42)
        var book = OrderBook()
        var bids: [Double: String] = [:]
        var asks: [Double: String] = [:]
        for _ in 0..<10_000 {
            let isBid = Bool.random(using: &random)
            let cents = Int.random(in: 0..<60, using: &random)
            let price = String(format: "%d.%02d", isBid ? 100 : 101, cents)
            let size = Int.random(in: 0..<4, using: &random) == 0 ? "0" : "\(Int.random(in: 1..<1_000, using: &random)).5"
            let next = level(price, size)
            book.update(isBid ? .bids : .asks, next)
            let value = next.price.value
            if size == "0" {
                isBid ? (bids[value] = nil) : (asks[value] = nil)
            } else {
                isBid ? (bids[value] = size) : (asks[value] = size)
            }
        }
        #expect(book.bids.map(\.price.value) == bids.keys.sorted(by: >))
        #expect(book.asks.map(\.price.value) == asks.keys.sorted())
        #expect(book.bids.map(\.size.text) == bids.keys.sorted(by: >).map { bids[$0]! })
        #expect(book.asks.map(\.size.text) == asks.keys.sorted().map { asks[$0]! })
    }
}
