import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta compare` on a terminal: one row per exchange, the best bid and ask across them, and
/// what each connection is doing. A pure function of the comparison and the time.
///
/// Prices are the exchange's own digits with thousands grouped (never re-rounded), so the
/// user sees exactly what the exchange quoted. The highest bid and the lowest ask are shown
/// reversed, which works without colour.
struct CompareTable: Sendable {
    let comparison: ExchangeComparison
    /// How long an open socket may stay without a quote before the row says so.
    static let waitingLimit: Duration = .seconds(15)

    /// The table and the summary line at `now`, for `width` cells.
    func lines(at now: Date, width: Int) -> [StyledText] {
        let summary = comparison.summary(at: now)
        var table = Table(columns: [
            Table.Column("Exchange", priority: 100),
            Table.Column("Bid", alignment: .right, priority: 95),
            Table.Column("Ask", alignment: .right, priority: 95),
            Table.Column("Spread", alignment: .right, priority: 70),
            Table.Column("bps", alignment: .right, priority: 60),
            Table.Column("Last", alignment: .right, priority: 80),
            Table.Column("Size", alignment: .right, priority: 30),
            Table.Column("Age", alignment: .right, priority: 50),
            Table.Column("State", priority: 90),
        ])
        let dash = StyledText(PriceFormatter.missingValue, style: .secondary)
        for row in comparison.rows {
            let current = row.isCurrent(at: now, staleAfter: comparison.staleAfter)
            let base: TextStyle = current ? .plain : .secondary
            guard let quote = row.quote else {
                table.addRow([StyledText(row.exchange.name, style: .bold), dash, dash, dash, dash, dash, dash, dash, state(row, at: now)])
                continue
            }
            let bestBid = current && summary.bestBid?.exchange == row.exchange && comparison.rows.count > 1
            let bestAsk = current && summary.bestAsk?.exchange == row.exchange && comparison.rows.count > 1
            let spread = Self.spread(quote)
            table.addRow([
                StyledText(row.exchange.name, style: .bold),
                quote.bid.map { StyledText(Self.grouped($0), style: bestBid ? base.reversed : base) } ?? dash,
                quote.ask.map { StyledText(Self.grouped($0), style: bestAsk ? base.reversed : base) } ?? dash,
                spread.map { StyledText(Self.plainNumber($0.amount), style: base) } ?? dash,
                spread.map { StyledText(String(format: "%.1f", $0.basisPoints), style: base) } ?? dash,
                quote.last.map { StyledText(Self.grouped($0), style: base) } ?? dash,
                quote.lastSize.map { StyledText($0.text, style: .secondary) } ?? dash,
                row.lastUpdate.map { StyledText(LiveTable.age(now.timeIntervalSince($0)), style: .secondary) } ?? dash,
                state(row, at: now),
            ])
        }
        return table.render(width: width) + [summaryLine(summary)] + notes
    }

    /// One line per exchange with something to explain: why it is unreachable, what it said
    /// when it refused the pair or reported an error (its words, made one safe line).
    var notes: [StyledText] {
        comparison.rows.compactMap { row in
            switch row.state {
            case .failed(let reason):
                return StyledText("\(row.exchange.name): \(Sanitizer.singleLine(reason))", style: .secondary)
            case .notListed:
                let said = row.lastError.map { ": \(Sanitizer.singleLine($0))" } ?? ""
                return StyledText("\(row.exchange.name) does not list \(comparison.pair)\(said)", style: .secondary)
            default:
                guard let error = row.lastError else { return nil }
                return StyledText("\(row.exchange.name) said: \(Sanitizer.singleLine(error))", style: .secondary)
            }
        }
    }

    /// Best bid and ask across the current rows and the gap between them; a crossed market says so.
    func summaryLine(_ summary: ComparisonSummary) -> StyledText {
        guard let bid = summary.bestBid, let ask = summary.bestAsk, let gap = summary.gap else {
            return StyledText("Waiting for quotes…", style: .secondary)
        }
        let basisPoints = (summary.gapFraction ?? 0) * 10_000
        let gapText = "\(Self.plainNumber(abs(gap))) (\(String(format: "%.1f", abs(basisPoints))) bps)"
        if summary.isCrossed {
            return StyledText("CROSSED", style: TextStyle.error.reversed)
                + StyledText(
                    " \(bid.exchange.name) bids \(Self.grouped(bid.price)) above \(ask.exchange.name)'s ask \(Self.grouped(ask.price)) by \(gapText)")
        }
        return StyledText("Best bid ", style: .secondary) + StyledText(Self.grouped(bid.price), style: .bold)
            + StyledText(" on \(bid.exchange.name) · best ask ", style: .secondary) + StyledText(Self.grouped(ask.price), style: .bold)
            + StyledText(" on \(ask.exchange.name) · gap \(gapText)", style: .secondary)
    }

    /// The row's connection in a few words.
    func state(_ row: ExchangeComparisonRow, at now: Date) -> StyledText {
        switch row.state {
        case .connecting: return StyledText("connecting…", style: .secondary)
        case .connected, .subscribed:
            if row.noDataYet { return StyledText("no data yet", style: .warning) }
            if row.isWaitingTooLong(at: now, within: Self.waitingLimit) {
                return StyledText("no quotes for \(LiveTable.age(now.timeIntervalSince(row.lastConnected ?? now)))", style: .warning)
            }
            return StyledText("waiting for quotes", style: .secondary)
        case .live:
            if row.isStale(at: now, after: comparison.staleAfter) { return StyledText("stale", style: .warning) }
            return StyledText("● live", style: .ok)
        case .maintenance: return StyledText("maintenance", style: .warning)
        case .reconnecting: return StyledText("reconnecting…", style: .warning)
        case .notListed: return StyledText("not listed", style: .warning)
        case .failed: return StyledText("unreachable", style: .error)
        }
    }

    /// The bid–ask spread of one quote, in money and in basis points of the mid.
    static func spread(_ quote: ExchangeQuote) -> (amount: Double, basisPoints: Double)? {
        guard let bid = quote.bid?.value, let ask = quote.ask?.value, bid > 0, ask > 0 else { return nil }
        let amount = ask - bid
        let mid = (ask + bid) / 2
        guard amount.isFinite, mid > 0 else { return nil }
        return (amount, amount / mid * 10_000)
    }

    /// The exchange's digits with the integer part grouped in threes: `17165.150` → `17,165.150`.
    static func grouped(_ number: QuoteNumber) -> String {
        let text = Sanitizer.singleLine(number.text)
        guard !text.contains("e"), !text.contains("E") else { return text }
        let negative = text.hasPrefix("-")
        let unsigned = negative ? String(text.dropFirst()) : text
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = Array(parts[0])
        var groupedInteger = ""
        for (index, digit) in integer.enumerated() {
            if index > 0, (integer.count - index) % 3 == 0 { groupedInteger.append(",") }
            groupedInteger.append(digit)
        }
        let fraction = parts.count > 1 ? "." + parts[1] : ""
        return (negative ? "-" : "") + groupedInteger + fraction
    }

    /// A computed amount (a spread, a gap), with as many decimals as its size warrants.
    static func plainNumber(_ value: Double) -> String {
        let magnitude = abs(value)
        let digits = magnitude >= 100 ? 2 : magnitude >= 1 ? 2 : magnitude >= 0.01 ? 4 : 8
        return String(format: "%.\(digits)f", value)
    }
}
