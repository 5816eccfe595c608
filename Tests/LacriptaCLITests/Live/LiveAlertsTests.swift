import Foundation
import LacriptaCore
import LacriptaNet
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// The pieces `lacripta live` fires alerts with: the marks in its table, the tap that copies
/// watched prices off the feed without touching the lines, and the alerts value itself.
@Suite("live: alerts")
struct LiveAlertsTests {
    static let now = Date(timeIntervalSince1970: 1_782_000_000)

    /// Counts what reaches the line sink behind the tap.
    final class CountingSink: PriceUpdateSink, @unchecked Sendable {
        // Touched only by the test's own sequential calls.
        var updates = 0
        var batches = 0
        func receive(_ state: borrowing PriceSnapshot, _ merge: PriceMerge) -> Bool {
            updates += 1
            return true
        }
        func endOfBatch() { batches += 1 }
    }

    private func snapshot(_ symbol: String, price: Double) -> PriceSnapshot {
        var snapshot = PriceSnapshot(pair: PairKey(market: "CCCAGG", from: symbol, to: "USD"))
        snapshot.fields[.price] = price
        return snapshot
    }

    @Test("the table marks the symbols with armed alerts")
    func tableMarks() {
        let pairs = ["BTC", "ETH"].map { PairKey(market: "CCCAGG", from: $0, to: "USD") }
        let lines = LiveTable(model: LiveModel(pairs: pairs), currency: "USD", alerted: ["BTC"]).lines(at: Self.now, width: 100).map(\.plainText)
        #expect(lines.contains { $0.hasPrefix("BTC ⚑") })
        #expect(lines.contains { $0.hasPrefix("ETH ") && !$0.contains("⚑") })
    }

    @Test("the tap passes every update on and copies out only changed prices of watched pairs, once per batch")
    func tapCopiesWatchedPrices() async {
        let sink = CountingSink()
        let tap = AlertTickTap(forwardingTo: sink, now: { Self.now })
        tap.watched.withLock { $0 = [TickPair(symbol: "BTC", currency: "USD")] }
        let priceMoved = PriceMerge(changed: PriceFieldSet(.price), direction: .up, isFirst: false)
        #expect(tap.receive(snapshot("BTC", price: 100), priceMoved))
        #expect(tap.receive(snapshot("ETH", price: 5), priceMoved))
        #expect(tap.receive(snapshot("BTC", price: 100), PriceMerge(changed: PriceFieldSet(.volumeDay), direction: .unchanged, isFirst: false)))
        tap.endOfBatch()
        tap.endOfBatch()
        tap.finish()
        var batches: [[PriceTick]] = []
        for await batch in tap.ticks { batches.append(batch) }
        #expect(batches == [[PriceTick(symbol: "BTC", currency: "USD", price: 100, at: Self.now)]])
        #expect(sink.updates == 3 && sink.batches == 2)
    }

    @Test("marks follow the store: armed or repeating alerts mark, a fired one-shot does not; a firing is flashed for 10 s")
    func alertsValue() throws {
        var alerts = LiveAlerts()
        let level = try #require(DecimalText("101"))
        alerts.sync([
            Alert(id: 1, symbol: "BTC", currency: "USD", condition: .above(level)),
            Alert(id: 2, symbol: "ETH", currency: "USD", condition: .above(level), state: .fired),
        ])
        #expect(alerts.isArmed(symbol: "BTC", currency: "USD") && !alerts.isArmed(symbol: "BTC", currency: "EUR"))
        #expect(!alerts.isArmed(symbol: "ETH", currency: "USD"))
        #expect(alerts.observe(symbol: "BTC", currency: "USD", price: 100, at: Self.now) == nil)
        let observed = alerts.observe(symbol: "BTC", currency: "USD", price: 102, at: Self.now)
        let request = try #require(observed)
        #expect(request.outcome.fired.map(\.id) == [1] && request.rules[1]?.symbol == "BTC" && request.staysArmed.isEmpty)
        var fired = alerts.list[0]
        fired.state = .fired
        let notice = AlertNotice(alert: fired, price: 102, at: Self.now, reason: "crossed above 101")
        alerts.recorded([notice], alerts: [fired, alerts.list[1]], at: Self.now)
        #expect(alerts.flashing(at: Self.now.addingTimeInterval(9.9)) == notice)
        #expect(alerts.flashing(at: Self.now.addingTimeInterval(10)) == nil)
        #expect(!alerts.isArmed(symbol: "BTC", currency: "USD"))
    }
}
