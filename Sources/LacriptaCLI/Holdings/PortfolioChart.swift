import Foundation
import LacriptaCore
import LacriptaTerminal

/// The portfolio's value per day and its cost basis, with what it was drawn from: what `holdings
/// chart` prints and the full-screen holdings screen draws in its chart panel. Both load it the
/// same way (`load`), so the screen shows the very line the command does.
struct PortfolioChart: Sendable, Equatable {
    /// A history the source answered from its offline copy: when it was fetched and why the
    /// request failed.
    struct OfflineFetch: Sendable, Equatable {
        var fetchedAt: Date
        var reason: LacriptaError
    }

    /// The points, oldest first.
    var history: PortfolioHistory
    /// The currency of the values and costs.
    var currency: String
    /// How sales took lots.
    var method: CostMethod
    /// How many days it covers.
    var days: Int
    /// The market source's name (where the closes came from).
    var source: String
    /// The histories that came from the offline copy.
    var offline: [OfflineFetch] = []
    /// Where the source's history stopped short of the journal's first day, in words.
    var limit: String?

    /// Every coin ever held (the book's coins), one daily history each from `market`, and the
    /// history over `days` (when nil: from the first transaction to today, 30 to 2000 days, or
    /// as far back as the source goes when that is less: CoinGecko's public API stops at 365
    /// days, and `limit` says so). A transaction the pass cannot apply is named with its journal
    /// line, as `holdings` names it.
    static func load(
        holdings: [Holding], journal: Journal, journalPath: String, symbols: [String], market: any MarketDataSource, currency: String,
        method: CostMethod, days requested: Int?, now: Date
    ) async throws -> PortfolioChart {
        let first = journal.transactions.map(\.date.date).min() ?? now
        var days = requested ?? min(max(Int(now.timeIntervalSince(first) / 86_400) + 2, 30), 2000)
        // Beyond a year, the source's whole daily history (`coin --days max`), which stops where
        // the source stops rather than refusing the request.
        let wholeHistory = requested == nil && days > ChartRange.year.nominalDays
        var closes: [String: PriceHistory] = [:]
        var offline: [OfflineFetch] = []
        var limit: String?
        for symbol in symbols {
            // The coin as `coin` resolves it (CoinGecko keys history by its id, not the ticker).
            guard let resolution = try? await market.resolveCoin(symbol) else { continue }
            do {
                let id = resolution.coin.id
                if wholeHistory {
                    let series = try await market.priceSeries(id: id, currency: currency, range: .max)
                    if let reason = series.offlineReason { offline.append(OfflineFetch(fetchedAt: series.fetchedAt, reason: reason)) }
                    closes[symbol] = series.value.history
                    limit = limit ?? series.value.limit
                } else {
                    let history = try await market.history(id: id, currency: currency, days: days)
                    if let reason = history.offlineReason { offline.append(OfflineFetch(fetchedAt: history.fetchedAt, reason: reason)) }
                    closes[symbol] = history.value
                }
            } catch let error as LacriptaError where error.unknownSymbol != nil {
                continue
            }
        }
        // The days end with the latest close the source has: today, or the day it last answered
        // for when the answer is an offline copy.
        let lastClose = closes.values.compactMap { $0.points.last?.date }.max()
        if limit != nil, let lastClose, let earliest = closes.values.compactMap({ $0.points.first?.date }).min() {
            // From the first day the source has a close for.
            days = min(days, Int(lastClose.timeIntervalSince(earliest) / 86_400) + 1)
        }
        do {
            let history = try PortfolioHistory(
                opening: holdings, transactions: journal.transactions, method: method, closes: closes, currency: currency, days: days,
                today: lastClose ?? now)
            return PortfolioChart(
                history: history, currency: currency, method: method, days: days, source: market.name, offline: offline, limit: limit)
        } catch {
            throw LacriptaError.unreadableFile(journalPath, line: journal.lineNumber(of: error.transaction) ?? 0, error.message)
        }
    }

    /// The value line (green) and the cost line (yellow).
    var series: [ChartSeries] {
        let value = ChartSeries(
            label: "value", points: history.points.map { ChartPoint(time: $0.date, value: $0.value.map(HoldingsPresenter.double)) }, color: .series1)
        let cost = ChartSeries(
            label: "cost", points: history.points.map { ChartPoint(time: $0.date, value: HoldingsPresenter.double($0.cost)) }, color: .series2)
        return [value, cost]
    }

    /// The notes about coins the lines leave out, one line each.
    var notes: [String] {
        (limit.map { ["note: \($0): the chart starts \(days) days ago"] } ?? [])
            + history.unpriced.map { "note: \(source) has no price history for \($0): the value leaves it out where it has no close" }
            + history.uncosted.map { "note: \($0) has lots without a cost in \(currency): the cost line leaves them out" }
    }

    /// What the chart shows, in words (the line under it).
    var caption: String {
        "\(days) days of your portfolio's value (green) and cost basis (yellow) in \(currency), lots matched \(method.rawValue)"
    }

    /// The same, short enough for 80 columns (the holdings screen names the method above it).
    var shortCaption: String {
        "\(days) days of your portfolio's value (green) and cost basis (yellow) in \(currency)"
    }
}
