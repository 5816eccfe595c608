import Foundation
import Testing

@testable import LacriptaCore

/// The firing rules, on tick sequences: no sockets, no clock.
@Suite("Alert engine")
struct AlertEngineTests {
    private let start = Date(timeIntervalSince1970: 1_790_000_000)

    private func level(_ condition: String, _ text: String, repeats: Bool = false) throws -> AlertRule {
        let value = try #require(DecimalText(text))
        return AlertRule(id: 1, symbol: "BTC", currency: "USD", condition: condition == "above" ? .above(value) : .below(value), repeats: repeats)
    }

    /// Feeds `prices` one second apart; returns the index of each tick that fired and why.
    private func run(_ rule: AlertRule, _ prices: [Double], engine: AlertEngine = AlertEngine()) -> [(Int, String)] {
        var engine = engine
        engine.watch(rule)
        var fired: [(Int, String)] = []
        for (index, price) in prices.enumerated() {
            for firing in engine.observe(symbol: "BTC", currency: "USD", price: price, at: start.addingTimeInterval(Double(index))).fired {
                fired.append((index, firing.reason))
            }
        }
        return fired
    }

    @Test("above: fires on the tick that reaches the level from below, once")
    func crossingUp() throws {
        let fired = run(try level("above", "100000"), [99_000, 99_999.99, 100_000, 100_500, 99_000, 101_000])
        #expect(fired.map(\.0) == [2])
        #expect(fired.first?.1 == "crossed above 100000")
    }

    @Test("below: fires on the way down; a gap that jumps over the level still counts")
    func crossingDownWithGap() throws {
        #expect(run(try level("below", "50.5"), [60, 55, 40, 70]).map(\.0) == [2])
        #expect(run(try level("above", "100"), [90, 130]).map(\.0) == [1])
    }

    @Test("already beyond when first checked: fires once and says so")
    func alreadyBeyond() throws {
        let fired = run(try level("above", "100"), [120, 130, 90, 110])
        #expect(fired.count == 1)
        #expect(fired.first?.0 == 0)
        #expect(fired.first?.1 == "already above 100 when first checked")
    }

    @Test("a repeating alert re-arms only after the price moved back by the hysteresis")
    func hysteresis() throws {
        // Level 100, hysteresis 0.5 %: back below 99.5 re-arms; hovering at 99.8-100.2 does not.
        let prices: [Double] = [99, 100, 99.8, 100.2, 99.9, 100.1, 99.4, 100, 99.5, 100.3]
        let fired = run(try level("above", "100", repeats: true), prices)
        #expect(fired.map(\.0) == [1, 7, 9])
    }

    @Test("a one-shot alert stays fired, even across a restart that remembers it")
    func oneShotAcrossRestart() throws {
        var engine = AlertEngine()
        engine.watch(try level("above", "100"), fired: true)
        #expect(engine.observe(symbol: "BTC", currency: "USD", price: 150, at: start).fired.isEmpty)
        #expect(engine.observe(symbol: "BTC", currency: "USD", price: 50, at: start).fired.isEmpty)
        #expect(engine.observe(symbol: "BTC", currency: "USD", price: 150, at: start).fired.isEmpty)
        #expect(!engine.isArmed(1))
    }

    @Test("ticks of another coin or currency, and nonsense prices, change nothing")
    func otherTicks() throws {
        var engine = AlertEngine()
        engine.watch(try level("above", "100"))
        #expect(engine.observe(symbol: "ETH", currency: "USD", price: 90, at: start).fired.isEmpty)
        #expect(engine.observe(symbol: "BTC", currency: "EUR", price: 150, at: start).fired.isEmpty)
        #expect(engine.observe(symbol: "BTC", currency: "USD", price: .nan, at: start).fired.isEmpty)
        #expect(engine.observe(symbol: "BTC", currency: "USD", price: -1, at: start).fired.isEmpty)
        #expect(engine.observe(symbol: "BTC", currency: "USD", price: 90, at: start).fired.isEmpty)
        #expect(engine.observe(symbol: "BTC", currency: "USD", price: 101, at: start).fired.map(\.reason) == ["crossed above 100"])
    }

    @Test("move: fires when the price is the size away from any price within the window, either way")
    func move() throws {
        let rule = AlertRule(id: 7, symbol: "BTC", currency: "USD", condition: .move(percent: try #require(DecimalText("5")), window: .seconds(3)))
        // 100 → 104 (4 %) → 96 within 3 s of 100? 96 is 7.7 % below 104 (still in the window): fires.
        let down = run(rule, [100, 104, 96])
        #expect(down.map(\.0) == [2])
        #expect(down.first?.1 == "moved −7.7 % within 3 s")
        // A slow climb never moves 5 % within 3 s.
        #expect(run(rule, [100, 101.5, 103, 104.5, 106, 107.5, 109]).isEmpty)
        // A jump up.
        #expect(run(rule, [100, 100, 106]).first?.1 == "moved +6.0 % within 3 s")
    }

    @Test("a repeating move alert needs a new move after firing")
    func repeatingMove() throws {
        let rule = AlertRule(
            id: 3, symbol: "BTC", currency: "USD", condition: .move(percent: try #require(DecimalText("10")), window: .seconds(3600)), repeats: true)
        #expect(run(rule, [100, 111, 112, 113, 125, 124]).map(\.0) == [1, 4])
    }
}

/// The rules the first suite leaves out: the way down, equality, configurable hysteresis, and what
/// the engine reports for the store.
@Suite("Alert engine, more rules")
struct AlertEngineMoreTests {
    private let start = Date(timeIntervalSince1970: 1_790_000_000)

    private func rule(_ condition: AlertCondition, repeats: Bool = false) -> AlertRule {
        AlertRule(id: 1, symbol: "BTC", currency: "USD", condition: condition, repeats: repeats)
    }

    private func level(_ text: String) throws -> DecimalText { try #require(DecimalText(text)) }

    /// Feeds `prices` one second apart; returns every outcome in order.
    private func outcomes(_ rule: AlertRule, _ prices: [Double], engine: AlertEngine = AlertEngine()) -> [AlertOutcome] {
        var engine = engine
        engine.watch(rule)
        return prices.enumerated().map { index, price in
            engine.observe(symbol: "BTC", currency: "USD", price: price, at: start.addingTimeInterval(Double(index)))
        }
    }

    @Test("below: a tick exactly at the level fires; from below the level it says already below")
    func belowEquality() throws {
        let down = outcomes(rule(.below(try level("50"))), [51, 50, 49])
        #expect(down.map(\.fired.count) == [0, 1, 0])
        #expect(down[1].fired.first?.reason == "crossed below 50")
        #expect(down[1].fired.first?.price == 50)
        let already = outcomes(rule(.below(try level("50"))), [40, 60, 45])
        #expect(already.flatMap(\.fired).map(\.reason) == ["already below 50 when first checked"])
    }

    @Test("a repeating below alert re-arms above the level plus the hysteresis, and says so once")
    func repeatingBelow() throws {
        // Level 100, hysteresis 0.5 %: re-arms at 100.5 or more.
        let steps = outcomes(rule(.below(try level("100")), repeats: true), [101, 100, 100.4, 99, 100.5, 100.2, 99.9])
        #expect(steps.map(\.fired.count) == [0, 1, 0, 0, 0, 0, 1])
        #expect(steps.map(\.rearmed) == [[], [], [], [], [1], [], []])
    }

    @Test("the hysteresis is configurable: 2 % keeps a repeating alert quiet through a 1.5 % dip")
    func configurableHysteresis() throws {
        let prices: [Double] = [90, 100, 98.5, 100, 97.9, 100]
        let wide = outcomes(rule(.above(try level("100")), repeats: true), prices, engine: AlertEngine(hysteresis: 0.02))
        #expect(wide.map(\.fired.count) == [0, 1, 0, 0, 0, 1])
        let none = outcomes(rule(.above(try level("100")), repeats: true), prices, engine: AlertEngine(hysteresis: 0))
        #expect(none.map(\.fired.count) == [0, 1, 0, 1, 0, 1])
    }

    @Test("a repeating alert that fired before a restart re-arms only after moving back")
    func repeatingAcrossRestart() throws {
        var engine = AlertEngine()
        engine.watch(rule(.above(try level("100")), repeats: true), fired: true)
        #expect(engine.observe(symbol: "BTC", currency: "USD", price: 120, at: start).fired.isEmpty)
        #expect(engine.observe(symbol: "BTC", currency: "USD", price: 99.6, at: start).rearmed.isEmpty)
        #expect(engine.observe(symbol: "BTC", currency: "USD", price: 99, at: start).rearmed == [1])
        #expect(engine.observe(symbol: "BTC", currency: "USD", price: 100, at: start).fired.map(\.reason) == ["crossed above 100"])
    }

    @Test("move: ticks older than the window no longer count")
    func moveWindowExpires() throws {
        let percent = try level("5")
        // 100 at t=0 and 103 at t=1 have left the 3 s window when 106 comes at t=5; 100 at t=6 is 5.7 % under 106.
        var engine = AlertEngine()
        engine.watch(rule(.move(percent: percent, window: .seconds(3))))
        #expect(engine.observe(symbol: "BTC", currency: "USD", price: 100, at: start).fired.isEmpty)
        #expect(engine.observe(symbol: "BTC", currency: "USD", price: 103, at: start.addingTimeInterval(1)).fired.isEmpty)
        #expect(engine.observe(symbol: "BTC", currency: "USD", price: 106, at: start.addingTimeInterval(5)).fired.isEmpty)
        #expect(
            engine.observe(symbol: "BTC", currency: "USD", price: 100, at: start.addingTimeInterval(6)).fired.map(\.reason) == [
                "moved −5.7 % within 3 s"
            ])
        #expect(!engine.isArmed(1))
    }

    @Test("a rule forgotten fires no more")
    func forget() throws {
        var engine = AlertEngine()
        engine.watch(rule(.above(try level("100"))))
        engine.forget(1)
        #expect(engine.observe(symbol: "BTC", currency: "USD", price: 150, at: start).fired.isEmpty)
        #expect(engine.ids.isEmpty)
    }
}
