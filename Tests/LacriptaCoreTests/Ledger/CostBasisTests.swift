import Foundation
import Testing

@testable import LacriptaCore

/// The cost-basis pass as a table of cases worked by hand: each gives journal lines, the method,
/// and the realised gain and what is left (amount and cost) of one coin.
@Suite("Cost basis")
struct CostBasisTests {
    /// One hand-worked case.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var lines: [String]
        var method: CostMethod
        /// Realised gain in USD on BTC.
        var realized: String
        /// BTC left, and what it cost in USD.
        var held: String
        var cost: String
        var testDescription: String { "\(name) (\(method.rawValue))" }
    }

    static let worked = ["2024-01-01 buy 1 BTC @ 100 USD", "2024-01-02 buy 1 BTC @ 200 USD", "2024-01-03 sell 1 BTC @ 300 USD"]

    static let cases: [Case] = [
        // The reference's worked example (§3.2): realised 200/100/100/150, one coin left.
        Case(name: "worked example", lines: worked, method: .fifo, realized: "200", held: "1", cost: "200"),
        Case(name: "worked example", lines: worked, method: .lifo, realized: "100", held: "1", cost: "100"),
        Case(name: "worked example", lines: worked, method: .hifo, realized: "100", held: "1", cost: "100"),
        Case(name: "worked example", lines: worked, method: .average, realized: "150", held: "1", cost: "150"),
        // Partial sell across lots: 1.5 from lots of 1 @ 100 and 1 @ 200 at 300 each = 450;
        // FIFO cost 100 + 0.5 × 200 = 200 → 250, left 0.5 costing 100.
        Case(
            name: "partial sell across two lots",
            lines: ["2024-01-01 buy 1 BTC @ 100 USD", "2024-01-02 buy 1 BTC @ 200 USD", "2024-01-03 sell 1.5 BTC @ 300 USD"],
            method: .fifo, realized: "250", held: "0.5", cost: "100"),
        // LIFO: 200 + 0.5 × 100 = 250 → 200, left 0.5 costing 50.
        Case(
            name: "partial sell across two lots",
            lines: ["2024-01-01 buy 1 BTC @ 100 USD", "2024-01-02 buy 1 BTC @ 200 USD", "2024-01-03 sell 1.5 BTC @ 300 USD"],
            method: .lifo, realized: "200", held: "0.5", cost: "50"),
        // HIFO picks the dearest lot though it is the middle one: lots 100, 300, 200; sell 1 @ 250 → −50.
        Case(
            name: "HIFO takes the dearest lot wherever it is",
            lines: [
                "2024-01-01 buy 1 BTC @ 100 USD", "2024-01-02 buy 1 BTC @ 300 USD", "2024-01-03 buy 1 BTC @ 200 USD",
                "2024-01-04 sell 1 BTC @ 250 USD",
            ],
            method: .hifo, realized: "-50", held: "2", cost: "300"),
        // Fees in the quote currency: the buy costs 100 + 2 = 102; the sale brings 150 − 3; gain 45.
        Case(
            name: "quote fees add to cost and reduce proceeds",
            lines: ["2024-01-01 buy 1 BTC @ 100 USD fee 2 USD", "2024-01-02 sell 1 BTC @ 150 USD fee 3 USD"], method: .fifo, realized: "45",
            held: "0",
            cost: "0"),
        // A fee in the coin disposes of it at proceeds 0: 1 BTC @ 100 with 0.01 BTC fee; FIFO takes
        // 0.01 of the lot (cost 1) → realised −1, 0.99 left costing 99.
        Case(
            name: "a coin fee disposes of coin", lines: ["2024-01-01 buy 1 BTC @ 100 USD fee 0.01 BTC"], method: .fifo, realized: "-1", held: "0.99",
            cost: "99"),
        // A sell emptying a lot exactly: the whole cost leaves, nothing rounded is left behind
        // (1/3 of a coin three times).
        Case(
            name: "sells that empty a lot exactly",
            lines: [
                "2024-01-01 buy 1 BTC @ 100 USD", "2024-01-02 sell 0.3333 BTC @ 90 USD", "2024-01-03 sell 0.3333 BTC @ 90 USD",
                "2024-01-04 sell 0.3334 BTC @ 90 USD",
            ], method: .fifo, realized: "-10", held: "0", cost: "0"),
        // Average re-averages on each buy: 1 @ 100 + 1 @ 200 → 150; sell 1 @ 150 → 0; buy 2 @ 300
        // → pool 3 costing 750; sell 1.5 @ 400 = 600 − 375 → 225.
        Case(
            name: "average re-averages on each buy",
            lines: [
                "2024-01-01 buy 1 BTC @ 100 USD", "2024-01-02 buy 1 BTC @ 200 USD", "2024-01-03 sell 1 BTC @ 150 USD",
                "2024-01-04 buy 2 BTC @ 300 USD",
                "2024-01-05 sell 1.5 BTC @ 400 USD",
            ], method: .average, realized: "225", held: "1.5", cost: "375"),
        // Dates, not file order: the sell is written first but happens last.
        Case(
            name: "date order, not file order",
            lines: ["2024-02-01 sell 1 BTC @ 300 USD", "2024-01-01 buy 1 BTC @ 100 USD", "2024-01-15 buy 1 BTC @ 200 USD"],
            method: .fifo, realized: "200", held: "1", cost: "200"),
        // `set` replaces the lots (holdings set): realises nothing.
        Case(
            name: "set replaces the lots",
            lines: ["2024-01-01 buy 2 BTC @ 100 USD", "2024-01-02 set 0.5 BTC @ 120 USD", "2024-01-03 buy 0.5 BTC @ 200 USD"],
            method: .fifo, realized: "0", held: "1", cost: "160"),
        // Transfers: in at a price is a lot, out leaves at cost (no gain).
        Case(
            name: "transfers in and out", lines: ["2024-01-01 in 1 BTC @ 100 USD", "2024-01-02 buy 1 BTC @ 200 USD", "2024-01-03 out 1 BTC"],
            method: .fifo, realized: "0", held: "1", cost: "200"),
    ]

    @Test("hand-worked cases", arguments: cases)
    func handWorked(_ example: Case) throws {
        let book = try Self.book(example.lines, method: example.method)
        #expect(book.realized("BTC", in: "USD") == Self.decimal(example.realized))
        #expect(book.held("BTC") == Self.decimal(example.held))
        #expect(book.cost("BTC", in: "USD") == Self.decimal(example.cost))
    }

    @Test("realised plus unrealised is the same under every method")
    func methodsAgree() throws {
        let lines = [
            "2024-01-01 buy 0.7 BTC @ 100.5 USD fee 1 USD", "2024-01-02 buy 1.3 BTC @ 210 USD", "2024-01-03 sell 0.9 BTC @ 300 USD fee 2 USD",
            "2024-01-04 buy 0.4 BTC @ 90 USD", "2024-01-05 sell 1 BTC @ 250 USD",
        ]
        let totals = try CostMethod.allCases.map { method in
            let book = try Self.book(lines, method: method)
            var total = book.realized("BTC", in: "USD") + book.held("BTC") * 400 - (book.cost("BTC", in: "USD") ?? 0)
            // A part of a lot costs cost × part / amount: a repeating fraction ends at Decimal's
            // 38th digit, so the sums may differ there, far below any display rounding.
            var rounded = Decimal()
            NSDecimalRound(&rounded, &total, 20, .plain)
            return rounded
        }
        #expect(Set(totals).count == 1, "\(totals)")
    }

    @Test("a sell before any buy is refused, naming it and what was held")
    func sellBeforeBuy() throws {
        #expect {
            try Self.book(["2024-01-02 buy 1 BTC @ 100 USD", "2024-01-01 sell 0.5 BTC @ 100 USD id:early"], method: .fifo)
        } throws: { error in
            let refusal = error as? LedgerRefusal
            return refusal?.held == 0 && refusal?.message == "the sell of 0.5 BTC on 2024-01-01 (id early) needs 0.5 BTC; you held no BTC then"
        }
    }

    @Test("a sell of more than held is refused with what was held")
    func oversell() throws {
        #expect {
            try Self.book(["2024-01-01 buy 1 BTC @ 100 USD", "2024-01-02 sell 1.5 BTC @ 100 USD"], method: .lifo)
        } throws: { error in
            (error as? LedgerRefusal)?.message.hasSuffix("needs 1.5 BTC; you held 1 BTC then") == true
        }
        #expect(throws: LedgerRefusal.self) {
            try Self.book(["2024-01-01 buy 1 BTC @ 100 USD fee 1 BNB"], method: .fifo)
        }
    }

    @Test("a fee in a third coin disposes of that coin; opening holdings are lots without a date")
    func thirdCoinFee() throws {
        let opening = [Holding(symbol: "BNB", amount: try #require(DecimalText("2")), cost: (try #require(DecimalText("300")), "USD"))]
        let journal = try Journal(fileText: "2024-01-01 buy 1 BTC @ 100 USD fee 0.5 BNB", path: "journal")
        let book = try CostBasis.book(opening: opening, transactions: journal.transactions, method: .fifo)
        #expect(book.symbols == ["BNB", "BTC"])
        #expect(book.held("BNB") == 1.5 && book.cost("BNB", in: "USD") == 450)
        #expect(book.lots["BNB"]?.first?.acquired == nil && book.lots["BNB"]?.first?.origin == "holdings")
        let fee = try #require(book.disposals.first)
        #expect(fee.kind == .fee && fee.symbol == "BNB" && fee.gain == -150)
    }

    @Test("a lot bought in another currency gives no gain, and says which currency")
    func otherCurrency() throws {
        let book = try Self.book(["2024-01-01 buy 1 BTC @ 100 EUR", "2024-01-02 sell 1 BTC @ 300 USD"], method: .fifo)
        #expect(book.disposals.first?.gain == nil && book.disposals.first?.costCurrencyMismatch == "EUR")
        #expect(!book.realizedComplete("BTC", in: "USD"))
    }

    static func book(_ lines: [String], method: CostMethod) throws -> LedgerBook {
        let journal = try Journal(fileText: lines.joined(separator: "\n"), path: "journal")
        return try CostBasis.book(opening: [], transactions: journal.transactions, method: method)
    }

    static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan }
}

/// `cost_method` and `LACRIPTA_COST_METHOD`.
@Suite("Cost method setting")
struct CostMethodSettingTests {
    @Test("the environment wins over the file; names are read in any case; a wrong one is a clear error")
    func setting() throws {
        let home = ["HOME": "/h"]
        #expect(try Configuration.load(environment: home, readFile: { _ in nil }).costMethod == .fifo)
        #expect(try Configuration.load(environment: home, readFile: { _ in "cost_method = HIFO\n" }).costMethod == .hifo)
        let both = home.merging(["LACRIPTA_COST_METHOD": "average"]) { $1 }
        #expect(try Configuration.load(environment: both, readFile: { _ in "cost_method = lifo\n" }).costMethod == .average)
        #expect {
            try Configuration.load(environment: home.merging(["LACRIPTA_COST_METHOD": "newest"]) { $1 }, readFile: { _ in nil })
        } throws: { error in
            (error as? LacriptaError)?.userMessage.contains("LACRIPTA_COST_METHOD must be fifo, lifo, hifo or average") == true
        }
    }
}
