import Foundation
import LacriptaTestSupport
import Testing

@testable import LacriptaCore

/// The ledger's integer fast path gives `Decimal`'s results bit for bit (zeros aside, see `bytes`): each operation on its own
/// over awkward numbers (many decimals, huge amounts, zero, quotients that do not end), the
/// fallback to `Decimal` where integers overflow, and whole books by every method against the same
/// books computed in `Decimal` alone.
@Suite("Ledger numbers: the integer fast path against Decimal")
struct LedgerNumberTests {
    /// Awkward numbers as typed: many decimals, 18-digit amounts (the most kept as integers),
    /// 19 and more digits (kept as `Decimal` from the start), zeros with decimals, and plain ones.
    static func number(using random: inout SeededRandom) -> String {
        func digits(_ count: Int) -> String { String((0..<count).map { _ in "0123456789".randomElement(using: &random) ?? "0" }) }
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return "0." + digits(Int.random(in: 1...18, using: &random))
        case 1: return "9" + digits(17)
        case 2: return digits(Int.random(in: 19...24, using: &random)) + "." + digits(Int.random(in: 0...6, using: &random)) + "1"
        case 3: return "0" + (Bool.random(using: &random) ? ".000" : "")
        case 4: return "1" + digits(Int.random(in: 0...9, using: &random)) + "." + digits(Int.random(in: 1...9, using: &random))
        case 5: return "0.0000000000" + digits(Int.random(in: 1...8, using: &random))
        case 6: return ["3", "7", "0.3", "1.5", "2", "0.25", "1000.25", "0.99", "30000", "0.001"].randomElement(using: &random) ?? "1"
        default: return digits(Int.random(in: 1...6, using: &random)) + "." + digits(Int.random(in: 1...4, using: &random))
        }
    }

    /// The bytes of `value`; a zero's as 0's. `Decimal` keeps the exponent a zero was written with
    /// (`0.000`) through sums of zeros, where the ledger's zero has none: the two read, print
    /// and encode the same (`0`), and compare equal.
    static func bytes(_ value: Decimal) -> [UInt8] { withUnsafeBytes(of: value.isZero ? Decimal(0) : value) { Array($0) } }

    @Test("sums, differences, products, quotients and comparisons are Decimal's, bit for bit, by either path")
    func operations() throws {
        var random = SeededRandom(seed: 2027)
        var fixed = 0
        var fellBack = 0
        for _ in 0..<6_000 {
            let texts = (0..<3).map { _ in Self.number(using: &random) }
            let numbers = try texts.map { try #require(DecimalText($0)) }
            let (a, b, c) = (numbers[0].number, numbers[1].number, numbers[2].number)
            let (x, y, z) = (numbers[0].value, numbers[1].value, numbers[2].value)
            var results: [(LedgerNumber, Decimal, String)] = [
                (a + b, x + y, "+"), (a - b, x - y, "-"), (a * b, x * y, "*"), ((a - b) * c, (x - y) * z, "(a-b)*c"),
                (a * b + c, x * y + z, "a*b+c"),
            ]
            if !z.isZero {
                // The share of a lot's cost that leaves with part of it, as `Lot.take` computes it.
                results.append((a * b / c, x * y / z, "a*b/c"))
                results.append(((b - a) / c, (y - x) / z, "(b-a)/c"))
            }
            for (number, decimal, operation) in results {
                #expect(Self.bytes(number.asDecimal) == Self.bytes(decimal), "\(texts) \(operation): \(number.asDecimal) vs \(decimal)")
                if number.isFixed { fixed += 1 } else { fellBack += 1 }
            }
            #expect((a < b) == (x < y) && (a == b) == (x == y) && (a - b < c) == (x - y < z), "\(texts)")
            #expect((a - b).asDecimal.description == (x - y).description, "\(texts)")
        }
        // Both paths were taken, many times each.
        #expect(fixed > 10_000 && fellBack > 2_000, "\(fixed) fixed, \(fellBack) in Decimal")
    }

    @Test("overflow, endless quotients and too many decimals fall back to Decimal with its very result")
    func fallbacks() throws {
        func number(_ text: String) throws -> LedgerNumber { try #require(DecimalText(text)).number }
        func decimal(_ text: String) throws -> Decimal { try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))) }
        let big = try number("999999999999999999")
        #expect(big.isFixed)
        // 36 digits: beyond an Int64, exact in Decimal.
        let square = big * big
        let squared = try decimal("999999999999999998000000000000000001")
        #expect(!square.isFixed && square.asDecimal == squared)
        // Aligning the scales overflows: 18 digits before the point and 6 after.
        let sum = try number("123456789012345678") + (try number("0.000001"))
        let summed = try decimal("123456789012345678.000001")
        #expect(!sum.isFixed && sum.asDecimal == summed)
        // A third does not end: Decimal's 38 digits, rounded as Decimal rounds them.
        let third = LedgerNumber(whole: 1) / LedgerNumber(whole: 3)
        #expect(!third.isFixed && Self.bytes(third.asDecimal) == Self.bytes(Decimal(1) / Decimal(3)))
        // A quotient that ends stays in integers: 10.9925 × 0.001 / 0.01.
        let share = try number("10.9925") * (try number("0.001")) / (try number("0.01"))
        let shared = try decimal("1.09925")
        #expect(share.isFixed && share.asDecimal == shared)
        // 18 decimals times 18 is 36, still integers; once more is past the 38 kept.
        let tiny = try number("0.000000000000000001")
        #expect((tiny * tiny).isFixed)
        let tinier = tiny * tiny * tiny
        let tiniest = try decimal("0.000000000000000000000000000000000000000000000000000001")
        #expect(!tinier.isFixed && tinier.asDecimal == tiniest)
        // 19 digits are read into Decimal at once.
        let long = try number("1234567890123456789")
        #expect(!long.isFixed)
        // Comparing across scales that cannot be aligned in an Int64 is still exact.
        let (above, below) = (try number("123456789012345678"), try number("123456789012345677.999999"))
        #expect(above > below)
    }

    @Test("the pass gives the Decimal pass's book bit for bit, by every method, on awkward journals")
    func books() throws {
        var random = SeededRandom(seed: 99)
        for round in 0..<24 {
            var lines: [String] = []
            var held: [String: Decimal] = [:]
            for index in 0..<160 {
                let day = String(format: "2024-%02d-%02d", 1 + index / 28 % 12, 1 + index % 28)
                let coin = ["BTC", "ETH"].randomElement(using: &random) ?? "BTC"
                let price = Self.number(using: &random)
                let fee: String
                switch Int.random(in: 0..<4, using: &random) {
                case 0: fee = " fee \(Self.number(using: &random)) USD"
                case 1 where (held["ETH"] ?? 0) > 0 && coin == "BTC":
                    // A fee in coin: a little of what is held of the other coin.
                    let part = min(held["ETH"] ?? 0, Decimal(string: "0.001") ?? 0)
                    held["ETH", default: 0] -= part
                    fee = " fee \(part.plainText) ETH"
                default: fee = ""
                }
                if Int.random(in: 0..<3, using: &random) == 0, (held[coin] ?? 0) > 0 {
                    let wanted = Decimal(string: Self.number(using: &random), locale: Locale(identifier: "en_US_POSIX")) ?? 1
                    let sell = min(held[coin] ?? 0, wanted)
                    guard sell > 0 else { continue }
                    held[coin, default: 0] -= sell
                    lines.append("\(day) sell \(sell.plainText) \(coin) @ \(price) USD\(fee) id:s\(round)-\(index)")
                } else {
                    let amount = Self.number(using: &random)
                    held[coin, default: 0] += Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX")) ?? 0
                    lines.append("\(day) buy \(amount) \(coin) @ \(price) USD\(fee) id:b\(round)-\(index)")
                }
            }
            let transactions = try lines.map { line throws(StoreLineError) in try JournalLine.parse(line) }
            let slow = transactions.map(\.decimalOnly)
            for method in CostMethod.allCases {
                let book = try CostBasis.book(opening: [], transactions: transactions, method: method)
                let reference = try CostBasis.book(opening: [], transactions: slow, method: method)
                #expect(Self.figures(book) == Self.figures(reference), "round \(round), \(method)")
            }
        }
    }

    /// Every figure of `book` as the bytes of its `Decimal`, with what the book sums from them.
    static func figures(_ book: LedgerBook) -> [[UInt8]] {
        var figures: [[UInt8]] = []
        for symbol in book.symbols {
            for lot in book.lots[symbol] ?? [] { figures += [bytes(lot.amount), bytes(lot.cost ?? -1), Array(lot.origin.utf8)] }
            figures += [bytes(book.held(symbol)), bytes(book.cost(symbol, in: "USD") ?? -1), bytes(book.realized(symbol, in: "USD"))]
        }
        for disposal in book.disposals {
            figures += [disposal.amount, disposal.proceeds, disposal.fee, disposal.cost ?? -1, disposal.gain ?? -1].map(bytes)
        }
        return figures
    }
}
