import Foundation
import LacriptaTestSupport
import Testing

@testable import LacriptaCore

/// The byte-level readers that made the journal and imports fast give exactly what the Foundation
/// calls they replaced gave: each is checked against that call (kept here as the reference) over
/// many seeded inputs, edge cases first.
@Suite("Ledger fast paths")
struct LedgerFastPathTests {
    @Test("trimmingSpaces is trimmingCharacters(in: .whitespaces)")
    func trimming() {
        let pieces = [" ", "\t", "\u{A0}", "\u{3000}", "\u{301}", "a", "1", ".", "\n", "\r", "é", "#", "\u{2009}", "€"]
        var random = SeededRandom(seed: 27)
        var inputs = ["", " ", "\t \t", "a", " a ", "\u{A0}a\u{A0}", " \u{301}a", "a \u{301}", "\u{2009}x"]
        for _ in 0..<20_000 {
            inputs.append((0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined())
        }
        for input in inputs {
            #expect(input.trimmingSpaces == input.trimmingCharacters(in: .whitespaces), "\(input.unicodeScalars.map(\.value))")
            let sub = ("x" + input + "y").dropFirst().dropLast()
            #expect(sub.trimmingSpaces == sub.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test("DecimalText reads digits into the very Decimal that Decimal(string:) gives")
    func decimals() {
        let posix = Locale(identifier: "en_US_POSIX")
        var random = SeededRandom(seed: 1)
        var inputs = [
            "0", "00", "0.000", "1000.25", "1000.250", "0.010", "10", "1234567890123456789", "12345678901234567890",
            "9" + String(repeating: "0", count: 29),
        ]
        for _ in 0..<20_000 {
            func digits(_ count: Int) -> String { String((0..<count).map { _ in "0001259".randomElement(using: &random) ?? "0" }) }
            let whole = digits(Int.random(in: 1...25, using: &random))
            let fraction = Int.random(in: 0...25, using: &random)
            inputs.append(fraction == 0 ? whole : whole + "." + digits(fraction))
        }
        for input in inputs {
            let fast = DecimalText(input)?.value
            let reference = Decimal(string: input, locale: posix)
            #expect(fast.map(Self.bytes) == reference.map(Self.bytes), "\(input)")
        }
        for bad in ["", ".", "1.", ".5", "1.2.3", "-1", "+1", "1e5", "1,5", " 1", "1 ", "١", "1\u{301}", String(repeating: "1", count: 31)] {
            #expect(DecimalText(bad) == nil, "\(bad)")
        }
    }

    @Test("journal dates are written as the calendar writes them")
    func dates() {
        var random = SeededRandom(seed: 2)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        var instants: [Double] = [0, -1, 86_399, 86_400, 951_782_400, 4_107_542_400, -2_208_988_800, 253_402_300_799, -0.5, 1.75]
        for _ in 0..<20_000 { instants.append(Double(Int64.random(in: -2_300_000_000...253_500_000_000, using: &random))) }
        for seconds in instants {
            let date = Date(timeIntervalSince1970: seconds)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let expected = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0,
                parts.second ?? 0)
            #expect(LedgerDate(date).text == expected, "\(seconds)")
        }
    }

    @Test("a journal date of the two common shapes is read to the instant rfc3339 gives, or refused as it refuses")
    func commonDateShapes() {
        var random = SeededRandom(seed: 5)
        func two(_ range: ClosedRange<Int>) -> String { String(format: "%02d", Int.random(in: range, using: &random)) }
        var inputs = ["2024-02-29", "2023-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-01-01T24:00:00Z", "2024-01-01T23:59:60Z"]
        for _ in 0..<20_000 {
            let day = "\(Int.random(in: 1890...2200, using: &random))-\(two(0...13))-\(two(0...32))"
            inputs.append(Bool.random(using: &random) ? day : "\(day)T\(two(0...25)):\(two(0...61)):\(two(0...61))Z")
        }
        inputs += ["2024-01-01t10:00:00Z", "2024-01-01T10:00:00z", "2024-01-01T10:00:00+01:00", "2024/01/01", "2024-1-01", "2024-01-01T10:00Z"]
        for input in inputs {
            #expect(LedgerDate(input)?.date == InternetDate.rfc3339(input), "\(input)")
        }
    }

    @Test("store lines split on LF, CRLF and CR as characters did, blank and last lines included")
    func lines() {
        var random = SeededRandom(seed: 3)
        var texts = ["", "\n", "\r\n", "a", "a\n", "a\r\n", "a\n\n", "\n\ra", "a\r\rb", "\r\n\r\n", "a\n\u{301}b"]
        for _ in 0..<5_000 {
            texts.append(
                (0..<Int.random(in: 0...8, using: &random)).map { _ in
                    ["a", "b c", "\n", "\r", "\r\n", "\u{301}", " "].randomElement(using: &random) ?? ""
                }.joined())
        }
        for text in texts {
            var body = Substring(text)
            if body.hasSuffix("\n") || body.hasSuffix("\r") || body.hasSuffix("\r\n") { body = body.dropLast() }
            let reference = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).map(
                String.init)
            #expect(Journal.lineRanges(text).map { String(text[$0]) } == reference, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test("HIFO from its heap matches the sorted-array HIFO it replaced, ties and partial sales included")
    func hifoMatchesSortedInserts() throws {
        var random = SeededRandom(seed: 4)
        for round in 0..<40 {
            var lines: [String] = []
            var held = Decimal(0)
            for index in 0..<300 {
                let day = String(format: "2024-%02d-%02d", 1 + index / 28 % 12, 1 + index % 28)
                let price = ["100", "100", "250", "99.5", "300", "100.25"].randomElement(using: &random) ?? "100"
                let amount = ["1", "0.5", "3", "0.3333"].randomElement(using: &random) ?? "1"
                let fee = Bool.random(using: &random) ? " fee 1.5 USD" : ""
                if Int.random(in: 0..<3, using: &random) == 0, held > 0 {
                    let sell = min(held, Decimal(string: ["0.7", "1", "2.5"].randomElement(using: &random) ?? "1") ?? 1)
                    lines.append("\(day) sell \(sell.plainText) BTC @ 200 USD\(fee) id:s\(round)-\(index)")
                    held -= sell
                } else {
                    lines.append(
                        "\(day)\(Bool.random(using: &random) ? "" : "T12:00:00Z") buy \(amount) BTC @ \(price) USD\(fee) id:b\(round)-\(index)")
                    held += Decimal(string: amount) ?? 0
                }
            }
            let transactions = try lines.map { line throws(StoreLineError) in try JournalLine.parse(line) }
            let book = try CostBasis.book(opening: [], transactions: transactions, method: .hifo)
            let reference = try SortedHIFO.book(transactions)
            #expect(book.lots["BTC"] ?? [] == reference.lots)
            #expect(book.disposals.map(\.cost) == reference.costs)
        }
    }

    private static func bytes(_ value: Decimal) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
}

/// The HIFO pass as it was before the heap (lots kept in an array sorted by cost per coin, each
/// new lot inserted in place), for one coin without fees in coin: the reference the heap must match.
private enum SortedHIFO {
    static func book(_ transactions: [LedgerTransaction]) throws -> (lots: [Lot], costs: [Decimal?]) {
        var items: [Lot] = []
        var costs: [Decimal?] = []
        let ordered = transactions.enumerated().sorted { ($0.element.date.date, $0.offset) < ($1.element.date.date, $1.offset) }.map(\.element)
        for transaction in ordered {
            let amount = transaction.amount.value
            let fee = transaction.fee?.amount.value ?? 0
            if transaction.kind == .buy {
                let cost = amount * (transaction.price?.amount.value ?? 0) + fee
                let lot = Lot(symbol: "BTC", acquired: transaction.date, origin: transaction.shortID, amount: amount, cost: cost, currency: "USD")
                var low = 0
                var high = items.count
                while low < high {
                    let middle = (low + high) / 2
                    if lot.cost.map({ $0 * items[middle].amount }) ?? 0 > (items[middle].cost.map { $0 * lot.amount } ?? 0) {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                items.insert(lot, at: low)
            } else {
                var remaining = amount
                var cost: Decimal? = 0
                while remaining > 0, let last = items.indices.last {
                    let part = min(remaining, items[last].amount)
                    let share = items[last].takeInDecimal(part)
                    if let share, let sum = cost { cost = sum + share } else { cost = nil }
                    remaining -= part
                    if items[last].amount == 0 { items.removeLast() }
                }
                costs.append(cost)
            }
        }
        let lots = items.enumerated().sorted { left, right in
            let (a, b) = (left.element.acquired?.date ?? .distantPast, right.element.acquired?.date ?? .distantPast)
            return a != b ? a < b : left.offset > right.offset
        }.map(\.element)
        return (lots, costs)
    }
}

extension Lot {
    /// `take` as it was in `Decimal` alone, for the references that replay the old passes.
    fileprivate mutating func takeInDecimal(_ part: Decimal) -> Decimal? {
        if part >= amount {
            let all = cost
            amount = 0
            cost = cost.map { _ in 0 }
            return all
        }
        let share = cost.map { $0 * part / amount }
        amount -= part
        if let share, let whole = cost { cost = whole - share }
        return share
    }
}
