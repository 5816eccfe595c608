import Foundation
import LacriptaNet
import LacriptaSimulator
import Testing

@testable import LacriptaCore

/// `priceSeries` on both services over the simulator: each range gets the spacing the service
/// gives for it, from the request the reference names, and `max` says where a keyless history stops.
@Suite("Price series by chart range")
struct PriceSeriesTests {
    private func configuration(_ simulator: Simulator) throws -> Configuration {
        Configuration(
            apiBaseURL: simulator.restBaseURL, streamURL: try #require(URL(string: "ws://127.0.0.1:1/v2")),
            cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-unused-\(UUID().uuidString)"),
            coinGeckoBaseURL: simulator.coinGeckoBaseURL)
    }

    /// The gaps between consecutive points, in seconds.
    private func gaps(_ history: PriceHistory) -> [Double] {
        zip(history.points, history.points.dropFirst()).map { $1.date.timeIntervalSince($0.date) }
    }

    @Test("CoinGecko: a day is market_chart's five-minute points, without interval=, about 288 of them")
    func coinGeckoDay() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let client = CoinGeckoClient(configuration: try configuration(simulator), transport: NativeHTTPTransport())
        let series = try await client.priceSeries(id: "ethereum", currency: "USD", range: .day).value
        #expect(series.interval == .fiveMinutes)
        #expect((280...300).contains(series.history.points.count))
        #expect(gaps(series.history).dropLast().allSatisfy { (250...350).contains($0) })
        let request = try #require(simulator.coinGecko.requestLog.first { $0.path.hasSuffix("/market_chart") })
        #expect(request.queryItems.contains { $0.name == "days" && $0.value == "1" })
        #expect(!request.queryItems.contains { $0.name == "interval" })
        #expect(series.limit == nil)
    }

    @Test("CoinGecko: a week is hourly; max is 365 daily closes and says the public API stops there")
    func coinGeckoWeekAndMax() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let client = CoinGeckoClient(configuration: try configuration(simulator), transport: NativeHTTPTransport())
        let week = try await client.priceSeries(id: "bitcoin", currency: "EUR", range: .week).value
        #expect(week.interval == .hour)
        #expect(gaps(week.history).dropLast().allSatisfy { $0 == 3600 })
        #expect((160...170).contains(week.history.points.count))
        let all = try await client.priceSeries(id: "bitcoin", currency: "USD", range: .max).value
        #expect(all.interval == .day)
        #expect(all.history.spanDays >= 364)
        #expect(all.limit?.contains("365 days") == true)
        // Never the request the public API refuses with a 401.
        #expect(!simulator.coinGecko.requestLog.contains { $0.queryItems.contains { $0.name == "days" && $0.value == "max" } })
    }

    @Test("CryptoCompare: a day from histominute five minutes a bar, a week from histohour, max from allData")
    func cryptoCompare() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let client = CryptoCompareClient(configuration: try configuration(simulator), transport: NativeHTTPTransport())
        let day = try await client.priceSeries(id: "btc", currency: "USD", range: .day).value
        #expect(day.interval == .fiveMinutes)
        #expect(day.history.points.count == 289)
        #expect(gaps(day.history).allSatisfy { $0 == 300 })
        let week = try await client.priceSeries(id: "ETH", currency: "USD", range: .week).value
        #expect(week.history.points.count == 169)
        #expect(gaps(week.history).allSatisfy { $0 == 3600 })
        let all = try await client.priceSeries(id: "BTC", currency: "USD", range: .max).value
        #expect(all.interval == .day && all.history.spanDays > 365 && all.limit == nil)
        let paths = simulator.rest.requestLog.map(\.path)
        #expect(paths.contains("/data/v2/histominute") && paths.contains("/data/v2/histohour"))
        #expect(
            simulator.rest.requestLog.contains {
                $0.path == "/data/v2/histoday" && $0.queryItems.contains { $0.name == "allData" && $0.value == "true" }
            })
    }

    @Test("CoinGecko: 30 and 90 days are market_chart's hourly points, one request each without interval=; a year stays daily")
    func coinGeckoMonthAndQuarter() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let client = CoinGeckoClient(configuration: try configuration(simulator), transport: NativeHTTPTransport())
        for (range, hours) in [(ChartRange.month, 720), (.quarter, 2160)] {
            let series = try await client.priceSeries(id: "ethereum", currency: "EUR", range: range).value
            #expect(series.interval == .hour && series.range == range)
            #expect((hours - 2...hours + 2).contains(series.history.points.count), "\(range)")
            #expect(gaps(series.history).dropLast().allSatisfy { $0 == 3600 })
            let request = try #require(simulator.coinGecko.requestLog.last { $0.path.hasSuffix("/market_chart") })
            #expect(request.queryItems.contains { $0.name == "days" && $0.value == range.rawValue })
            #expect(!request.queryItems.contains { $0.name == "interval" })
        }
        let year = try await client.priceSeries(id: "ethereum", currency: "EUR", range: .year).value
        #expect(year.interval == .day && gaps(year.history).dropLast().allSatisfy { $0 == 86_400 })
        #expect(simulator.coinGecko.requestLog.filter { $0.path.hasSuffix("/market_chart") }.count == 3)
    }

    @Test("CryptoCompare: 30 days hourly from histohour; 90 days two hours a bar (hourly would pass its 2,000 bars), one request")
    func cryptoCompareMonthAndQuarter() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let client = CryptoCompareClient(configuration: try configuration(simulator), transport: NativeHTTPTransport())
        let month = try await client.priceSeries(id: "BTC", currency: "USD", range: .month).value
        #expect(month.interval == .hour && month.history.points.count == 721)
        #expect(gaps(month.history).allSatisfy { $0 == 3600 })
        let quarter = try await client.priceSeries(id: "BTC", currency: "USD", range: .quarter).value
        #expect(quarter.interval == .twoHours && quarter.history.points.count == 1081)
        #expect(gaps(quarter.history).allSatisfy { $0 == 7200 })
        #expect(quarter.history.spanDays >= 90)
        let hourly = simulator.rest.requestLog.filter { $0.path == "/data/v2/histohour" }
        #expect(hourly.count == 2)
        #expect(hourly.last?.queryItems.contains { $0.name == "aggregate" && $0.value == "2" } == true)
        #expect(hourly.last?.queryItems.contains { $0.name == "limit" && $0.value == "1080" } == true)
        #expect(hourly.allSatisfy { request in request.queryItems.allSatisfy { $0.name != "limit" || Int($0.value) ?? 0 <= 2000 } })
        #expect(!simulator.rest.requestLog.contains { $0.path == "/data/v2/histoday" })
    }

    @Test("CryptoCompare: a ticker it has no pair for is unknownSymbol, as for daily history")
    func unknownTicker() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let client = CryptoCompareClient(configuration: try configuration(simulator), transport: NativeHTTPTransport())
        await #expect(throws: LacriptaError.self) { try await client.priceSeries(id: "NOTACOIN", currency: "USD", range: .day) }
    }
}
