import Foundation

/// Where a coin's candles come from, in order (reference portfolio §4.5): Kraken's `OHLC` where
/// it lists the pair (720 bars, with volume), else Coinbase's `candles` (300 bars, gaps where
/// nothing traded), else the market source's own (CoinGecko's `/ohlc`, coarse and without volume;
/// CryptoCompare's histo bars with a key).
///
/// An exchange that cannot be reached is passed over with a note, as one that does not list the
/// pair is passed over silently; only when no source has candles is it an error.
public struct CandleChain: Sendable {
    let exchanges: ExchangeCandlesClient
    let market: any MarketDataSource

    /// Creates a chain asking `exchanges` first and `market` last.
    public init(exchanges: ExchangeCandlesClient, market: any MarketDataSource) {
        self.exchanges = exchanges
        self.market = market
    }

    /// What the chain found: the candles over the range, and a note for each source passed over
    /// because it failed.
    public struct Answer: Sendable {
        public var series: Fetched<CandleSeries>
        public var notes: [String]

        /// Creates an answer.
        public init(series: Fetched<CandleSeries>, notes: [String] = []) {
            self.series = series
            self.notes = notes
        }
    }

    /// The default width for a range: about a hundred to two hundred candles.
    public static func defaultInterval(for range: ChartRange) -> SeriesInterval {
        switch range {
        case .day: .fifteenMinutes
        case .week: .hour
        case .month: .fourHours
        case .quarter, .year, .max: .day
        }
    }

    /// `coin`'s candles in `currency` over `range`, `interval` wide where the source has it.
    public func candles(coin: CoinListEntry, currency: String, range: ChartRange, interval: SeriesInterval) async throws -> Answer {
        var notes: [String] = []
        for exchange in ExchangeCandlesClient.exchanges {
            do {
                if let fetched = try await exchanges.candles(on: exchange, symbol: coin.symbol, currency: currency, interval: interval) {
                    return Answer(series: fetched.map { Self.trimmed(Self.limited($0, on: exchange, range: range), to: range) }, notes: notes)
                }
            } catch let error as LacriptaError {
                notes.append("\(exchange.description) passed over: \(error.userMessage)")
            }
        }
        guard let fetched = try await market.candles(id: coin.id, currency: currency, range: range, interval: interval),
            !fetched.value.candles.isEmpty
        else {
            throw LacriptaError.unknownSymbol(
                coin.symbol,
                detail: "no candles for it in \(currency.uppercased()): Kraken and Coinbase do not list the pair and \(market.name) has none")
        }
        return Answer(series: fetched.map { Self.trimmed($0, to: range) }, notes: notes)
    }

    /// The series with where it stops, when the whole history was asked of an exchange: one
    /// request gives a fixed count of the latest candles (reference portfolio §4.2, §4.3).
    static func limited(_ series: CandleSeries, on exchange: Exchange, range: ChartRange) -> CandleSeries {
        guard range == .max, let count = ExchangeCandleEndpoint.maximumBars[exchange] else { return series }
        var limited = series
        // Kraken keeps no older candles at all; Coinbase pages back, but a chart is one request.
        limited.limit =
            exchange == .kraken
            ? "Kraken gives its latest \(count) candles at a width; older ones cannot be fetched"
            : "\(exchange.description) gives \(count) candles a request, and a chart makes one"
        return limited
    }

    /// The candles of the range, counted back from the latest candle (not from the clock: a
    /// cached or recorded answer keeps its own "now").
    static func trimmed(_ series: CandleSeries, to range: ChartRange) -> CandleSeries {
        guard let days = range.days, let last = series.candles.last?.time else { return series }
        return series.since(last.addingTimeInterval(-Double(days) * 86_400 + Double(series.interval.seconds)))
    }
}
