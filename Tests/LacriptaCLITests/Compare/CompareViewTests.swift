import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// The compare view's pieces without sockets: the NDJSON line, the table and summary, the mid
/// history behind the chart.
@Suite("compare view")
struct CompareViewTests {
    static let btc = TradingPair(base: "BTC", quote: "USD")
    static let start = Date(timeIntervalSince1970: 1_782_000_000)

    static func number(_ text: String) throws -> QuoteNumber {
        try #require(QuoteNumber(text))
    }

    static func quote(_ exchange: Exchange, bid: String?, ask: String?, last: String? = nil) throws -> ExchangeQuote {
        ExchangeQuote(
            exchange: exchange, pair: try #require(btc), bid: try bid.map(number), ask: try ask.map(number), last: try last.map(number))
    }

    @Test("a JSON line keeps the exchange's digits, writes null for what the feed has not sent, and parses")
    func jsonLine() throws {
        var quote = try Self.quote(.kraken, bid: "115112.9", ask: "115113.0", last: "115113.0")
        quote.exchangeTime = 1_782_456_082.476797
        let line = CompareLine.json(quote, receivedAt: Self.start)
        #expect(line.hasSuffix("}\n"))
        #expect(line.contains(#""bid":115112.9,"#))
        #expect(line.contains(#""ask":115113.0,"#), "trailing zero kept")
        #expect(line.contains(#""lastSize":null"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["exchange"] as? String == "kraken")
        #expect(object["symbol"] as? String == "BTC")
        #expect(object["currency"] as? String == "USD")
        #expect(object["bidSize"] is NSNull)
        #expect((object["time"] as? Double).map { abs($0 - 1_782_456_082.476797) < 1e-5 } == true)
        #expect(object["receivedAt"] as? Double == 1_782_000_000)
    }

    @Test("the highest bid and the lowest ask are shown reversed; the summary names them and the gap")
    func bestPrices() throws {
        var comparison = ExchangeComparison(pair: try #require(Self.btc), exchanges: [.coinbase, .kraken], startedAt: Self.start)
        comparison.apply(.quote(try Self.quote(.coinbase, bid: "100.0", ask: "101.0")), from: .coinbase, at: Self.start)
        comparison.apply(.quote(try Self.quote(.kraken, bid: "100.5", ask: "101.5")), from: .kraken, at: Self.start)
        let lines = CompareTable(comparison: comparison).lines(at: Self.start, width: 120)
        let coinbase = try #require(lines.first { $0.plainText.hasPrefix("Coinbase") })
        let kraken = try #require(lines.first { $0.plainText.hasPrefix("Kraken") })
        #expect(kraken.segments.contains { $0.text.contains("100.5") && $0.style.reverse }, "Kraken has the best bid")
        #expect(coinbase.segments.contains { $0.text.contains("101.0") && $0.style.reverse }, "Coinbase has the best ask")
        #expect(!coinbase.segments.contains { $0.text.contains("100.0") && $0.style.reverse })
        let summary = try #require(lines.first { $0.plainText.hasPrefix("Best bid") }).plainText
        #expect(summary.contains("100.5 on Kraken"))
        #expect(summary.contains("101.0 on Coinbase"))
        #expect(summary.contains("gap 0.50"))
    }

    @Test("a crossed market is marked as such")
    func crossed() throws {
        var comparison = ExchangeComparison(pair: try #require(Self.btc), exchanges: [.coinbase, .bitstamp], startedAt: Self.start)
        comparison.apply(.quote(try Self.quote(.coinbase, bid: "100.0", ask: "101.0")), from: .coinbase, at: Self.start)
        comparison.apply(.quote(try Self.quote(.bitstamp, bid: "101.2", ask: "102.0")), from: .bitstamp, at: Self.start)
        let text = CompareTable(comparison: comparison).lines(at: Self.start, width: 120).map(\.plainText).joined(separator: "\n")
        #expect(text.contains("CROSSED Bitstamp bids 101.2 above Coinbase's ask 101.0"))
    }

    @Test("an unlisted pair and an unreachable exchange say so in their rows, with the exchange's words made safe")
    func troubleRows() throws {
        var comparison = ExchangeComparison(pair: try #require(Self.btc), exchanges: [.kraken, .bitfinex], startedAt: Self.start)
        comparison.apply(
            .notListed(pair: Self.btc, symbol: "BTC/USD", message: "Currency pair \u{1B}[31mnot supported"), from: .kraken, at: Self.start)
        comparison.apply(.failed(reason: "gave up after 4 attempts: connection refused"), for: .bitfinex, at: Self.start)
        let lines = CompareTable(comparison: comparison).lines(at: Self.start, width: 120).map(\.plainText)
        #expect(lines.contains { $0.hasPrefix("Kraken") && $0.contains("not listed") })
        #expect(lines.contains { $0.hasPrefix("Bitfinex") && $0.contains("unreachable") })
        #expect(lines.contains("Bitfinex: gave up after 4 attempts: connection refused"))
        let note = try #require(lines.first { $0.hasPrefix("Kraken does not list") })
        #expect(!note.contains("\u{1B}"))
    }

    @Test("prices keep their digits and are grouped in thousands")
    func grouping() throws {
        #expect(CompareTable.grouped(try Self.number("17165.150")) == "17,165.150")
        #expect(CompareTable.grouped(try Self.number("115113")) == "115,113")
        #expect(CompareTable.grouped(try Self.number("0.00001234")) == "0.00001234")
        #expect(CompareTable.grouped(try Self.number("-1234.5")) == "-1,234.5")
    }

    @Test("the mid history keeps one sample per interval and at most its capacity")
    func history() throws {
        var history = QuoteHistory(interval: 1, capacity: 3)
        for second in 0..<10 {
            let time = Self.start.addingTimeInterval(Double(second))
            history.record(try Self.quote(.coinbase, bid: "\(100 + second)", ask: "\(102 + second)"), at: time)
            history.record(try Self.quote(.coinbase, bid: "\(200 + second)", ask: "\(202 + second)"), at: time.addingTimeInterval(0.5))
        }
        let samples = try #require(history.series[.coinbase])
        #expect(samples.map(\.mid) == [208, 209, 210])
        #expect(QuoteHistory.mid(of: try Self.quote(.kraken, bid: "5", ask: "4", last: "4.5")) == 4.5, "a book crossed on itself uses the last")
    }

    @Test("the history keeps each exchange's ask, bid and last, carrying a figure a quote left out forward")
    func askBidLast() throws {
        var history = QuoteHistory(interval: 1, capacity: 10)
        history.record(try Self.quote(.kraken, bid: "100", ask: "101", last: "100.5"), at: Self.start)
        // A book update without a trade: the last price stays what it was.
        history.record(try Self.quote(.kraken, bid: "99", ask: "100"), at: Self.start.addingTimeInterval(1))
        let samples = try #require(history.series[.kraken])
        #expect(samples.map(\.ask) == [101, 100] && samples.map(\.bid) == [100, 99] && samples.map(\.last) == [100.5, 100.5])
    }

    @Test("one exchange's chart draws its ask, bid and last, named in the legend with markers that read without colour")
    func marketChart() throws {
        var history = QuoteHistory(interval: 1, capacity: 100)
        for second in 0..<30 {
            let time = Self.start.addingTimeInterval(Double(second))
            history.record(try Self.quote(.kraken, bid: "\(100 + second)", ask: "\(102 + second)", last: "\(101 + second)"), at: time)
            history.record(try Self.quote(.coinbase, bid: "\(500 + second)", ask: "\(502 + second)"), at: time)
        }
        let now = Self.start.addingTimeInterval(30)
        let chart = CompareChart(history: history, exchanges: [.coinbase, .kraken], currency: "USD", mode: .braille, focus: .kraken)
        let text = chart.lines(at: now, width: 80, height: 12).map(\.plainText)
        let legend = try #require(text.first { $0.contains("Kraken ask") })
        #expect(legend.contains("▲ Kraken ask") && legend.contains("▼ bid") && legend.contains("● last"))
        #expect(!text.joined().contains("Coinbase"), "only the exchange asked for")
        // Kraken's prices only: the axis spans about 100 to 131, far from Coinbase's 500s.
        #expect(text.contains { $0.contains("$131") } && !text.contains { $0.contains("$50") })
        let blocks = CompareChart(history: history, exchanges: [.coinbase, .kraken], currency: "USD", mode: .blocks, focus: .kraken)
        let blockLegend = try #require(blocks.lines(at: now, width: 80, height: 12).map(\.plainText).first { $0.contains("Kraken ask") })
        #expect(blockLegend.contains("^ Kraken ask") && blockLegend.contains("v bid") && blockLegend.contains("* last"))
    }
}
