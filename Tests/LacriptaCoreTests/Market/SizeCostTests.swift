import Foundation
import LacriptaCore
import Testing

/// What a size costs on a book, worked by hand in exact decimals.
@Suite("What a size costs")
struct SizeCostTests {
    private func decimal(_ text: String) -> Decimal {
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { preconditionFailure("not a decimal: \(text)") }
        return value
    }

    @Test("buying 2 walks the asks from the lowest: 0.5 at 100.5, 1 at 101, 0.5 at 102.25 average 101.1875")
    func buyingAcrossLevels() {
        let book = OrderBook(bids: [], asks: [level("102.25", "3"), level("100.5", "0.5"), level("101", "1")])
        let cost = SizeCost.buying(2, on: book)
        #expect(cost.filled == 2 && cost.isFilled && cost.levels == 3)
        #expect(cost.total == decimal("202.375"))
        #expect(cost.averagePrice == decimal("101.1875"))
    }

    @Test("selling more than the visible bids fills only what they hold, and says so")
    func sellingPartly() {
        let book = OrderBook(bids: [level("98.5", "0.2"), level("99", "0.3")], asks: [])
        let cost = SizeCost.selling(1, on: book)
        #expect(!cost.isFilled && cost.filled == decimal("0.5") && cost.levels == 2)
        #expect(cost.total == decimal("49.4"))
        #expect(cost.averagePrice == decimal("98.8"))
    }

    @Test("the arithmetic is exact in the digits sent: 0.1 × 0.3 is 0.03, not a binary neighbour")
    func exactDigits() {
        let book = OrderBook(bids: [], asks: [level("0.1", "0.3"), level("0.2", "10")])
        let cost = SizeCost.buying(decimal("0.4"), on: book)
        #expect(cost.total == decimal("0.05"))
        #expect(cost.averagePrice == decimal("0.125"))
    }

    @Test("nothing to walk: a size of zero, or an empty side, fills nothing and has no average")
    func nothing() {
        let book = OrderBook(bids: [], asks: [level("100", "1")])
        #expect(SizeCost.buying(0, on: book).averagePrice == nil)
        let empty = SizeCost.selling(1, on: book)
        #expect(empty.filled == 0 && empty.averagePrice == nil && !empty.isFilled)
    }

    @Test("the best market fills the whole size: cheapest to buy, dearest to sell; a partial fill never wins")
    func bestMarket() {
        let shallow = OrderBook(bids: [level("120", "0.5")], asks: [level("90", "0.5")])
        let kraken = OrderBook(bids: [level("100", "2")], asks: [level("101", "2")])
        let cex = OrderBook(bids: [level("100.5", "1"), level("99.9", "1")], asks: [level("100.75", "1"), level("101.5", "1")])
        let books = [("shallow", shallow), ("kraken", kraken), ("cex", cex)]
        let buys = books.map { (market: $0.0, cost: SizeCost.buying(2, on: $0.1)) }
        let sells = books.map { (market: $0.0, cost: SizeCost.selling(2, on: $0.1)) }
        // Buying: kraken 202, cex 202.25. Selling: kraken 200, cex 200.4. Shallow fills only half
        // of each, at prices better than both.
        #expect(SizeCost.best(buys, buying: true)?.market == "kraken")
        #expect(SizeCost.best(sells, buying: false)?.market == "cex")
        #expect(SizeCost.best([buys[0]], buying: true) == nil)
    }
}
