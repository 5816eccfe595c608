import Foundation
import Testing

@testable import LacriptaCore

/// The alerts file: hand-editable, keeps fired state across restarts, never loses or duplicates
/// an alert with several writers, and is never written over when it does not parse.
@Suite("Alert store")
struct AlertStoreTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-alerts-\(UUID().uuidString)").path
    private var store: UserStore { UserStore(directory: folder + "/lacripta") }
    private let start = Date(timeIntervalSince1970: 1_790_000_000)

    private func contents() throws -> String {
        try String(contentsOfFile: store.directory + "/alerts", encoding: .utf8)
    }

    private func write(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: store.directory + "/alerts"))
    }

    private func above(_ text: String, repeats: Bool = false, note: String? = nil) throws -> Alert {
        Alert(id: 0, symbol: "BTC", currency: "USD", condition: .above(try #require(DecimalText(text))), repeats: repeats, note: note)
    }

    @Test("added alerts get the next id and are written as documented lines under a header")
    func addAndFormat() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try store.updateAlerts { $0.add(try above("100000")) }.id == 1)
        let move = Alert(
            id: 0, symbol: "sol", currency: "EUR", condition: .move(percent: try #require(DecimalText("2.5")), window: .seconds(86_400)),
            repeats: true, note: "swing\u{1B}[31m  trade\n")
        #expect(try store.updateAlerts { $0.add(move) }.id == 2)
        let text = try contents()
        #expect(text.hasPrefix("# lacripta alerts: ID SYMBOL CURRENCY"))
        #expect(text.hasSuffix("version 1\n1 BTC USD above 100000 armed\n2 SOL EUR move 2.5 24h repeat armed note swing [31m trade\n"))
        let attributes = try FileManager.default.attributesOfItem(atPath: store.directory + "/alerts")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try store.alerts().alerts.map(\.conditionText) == ["above 100000", "move 2.5 % within 24h"])
    }

    @Test("a hand-written file is read, keeps its comments, and ids are never reused while the largest stays")
    func handWritten() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("# mine\n3 eth usd below 1800.50 fired 2026-11-24T10:00:00Z note buy\n\n1 BTC USD move 5 90s armed\n")
        let alerts = try store.alerts().alerts
        #expect(alerts.map(\.id) == [3, 1])
        #expect(alerts[0].state == .fired && alerts[0].note == "buy" && alerts[0].lastFired == Date(timeIntervalSince1970: 1_795_514_400))
        #expect(alerts[1].conditionText == "move 5 % within 90 s")
        #expect(try store.updateAlerts { $0.add(try above("1")) }.id == 4)
        #expect(try store.updateAlerts { $0.remove(1) })
        #expect(try contents() == "# mine\n3 ETH USD below 1800.50 fired 2026-11-24T10:00:00Z note buy\n\n4 BTC USD above 1 armed\n")
        #expect(try store.updateAlerts { $0.removeFired() } == 1)
        #expect(try store.alerts().alerts.map(\.id) == [4])
    }

    @Test(
        "a line that does not parse is named and the file left as it was",
        arguments: [
            ("1 BTC USD above 100000\n", 1), ("1 BTC USD above -5 armed\n", 1), ("1 BTC USD sideways 5 armed\n", 1),
            ("1 BTC USD above 1 armed\n2 BTC USD move 5 2d armed\n", 2), ("x BTC USD above 1 armed\n", 1),
            ("1 BTC USD above 1 armed yesterday\n", 1), ("1 BTC USD above 0 armed\n", 1),
        ])
    func corruptLine(text: String, line: Int) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(text)
        do {
            try store.updateAlerts { $0.add(try above("1")) }
            Issue.record("accepted \(text)")
        } catch let error as LacriptaError {
            #expect(error.exitCode == .dataError)
            #expect(error.userMessage.hasPrefix("\(store.directory)/alerts, line \(line): "))
        }
        #expect(try contents() == text)
    }

    @Test("fired state and the time it fired survive a restart; a tracker started on the file stays quiet")
    func firedSurvivesRestart() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let alert = try store.updateAlerts { $0.add(try above("100")) }
        var tracker = AlertTracker()
        tracker.sync(with: try store.alerts().alerts)
        let outcome = tracker.observe(PriceTick(symbol: "BTC", currency: "USD", price: 101, at: start.addingTimeInterval(0.7)))
        let firing = try #require(outcome.fired.first)
        let recorded = try store.updateAlerts { $0.recordFiring(firing, of: alert.rule, rearmed: false) }
        #expect(recorded?.state == .fired)
        #expect(recorded?.lastFired == start)

        var restarted = AlertTracker()
        restarted.sync(with: try store.alerts().alerts)
        #expect(try store.alerts().alerts.first?.lastFired == start)
        for price in [101.0, 90, 120] {
            #expect(restarted.observe(PriceTick(symbol: "BTC", currency: "USD", price: price, at: start)).fired.isEmpty)
        }
    }

    @Test("twenty writers adding at once lose none and share no id")
    func concurrentAdds() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = self.store
        let failures = Tally()
        let level = try #require(DecimalText("1"))
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            do {
                let alert = Alert(id: 0, symbol: "COIN\(index)", currency: "USD", condition: .above(level))
                try store.updateAlerts { $0.add(alert) }
            } catch {
                failures.add()
            }
        }
        #expect(failures.count == 0)
        let alerts = try store.alerts().alerts
        #expect(Set(alerts.map(\.symbol)) == Set((0..<20).map { "COIN\($0)" }))
        #expect(Set(alerts.map(\.id)) == Set(1...20))
    }

    @Test("eight processes' worth of writers recording the same firing: exactly one is told to deliver")
    func concurrentFiringClaimedOnce() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let alert = try store.updateAlerts { $0.add(try above("100")) }
        let store = self.store
        let firing = AlertFiring(id: alert.id, price: 101, at: start, reason: "crossed above 100")
        let claims = Tally()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if (try? store.updateAlerts { $0.recordFiring(firing, of: alert.rule, rearmed: false) }) != nil { claims.add() }
        }
        #expect(claims.count == 1)
        #expect(try store.alerts().alerts.map(\.state) == [.fired])
    }

    @Test("a firing of an alert removed or changed meanwhile is not delivered; a re-arm is recorded")
    func staleFiring() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let alert = try store.updateAlerts { $0.add(try above("100", repeats: true)) }
        let firing = AlertFiring(id: alert.id, price: 101, at: start, reason: "crossed above 100")
        var changed = alert.rule
        changed.condition = .above(try #require(DecimalText("200")))
        #expect(try store.updateAlerts { $0.recordFiring(firing, of: changed, rearmed: false) } == nil)
        #expect(try store.updateAlerts { $0.recordFiring(firing, of: alert.rule, rearmed: false) } != nil)
        #expect(try store.updateAlerts { $0.recordRearm(alert.id, of: alert.rule) })
        #expect(try store.alerts().alerts.first?.state == .armed)
        #expect(try store.alerts().alerts.first?.lastFired == start)
        try store.updateAlerts { $0.remove(alert.id) }
        #expect(try store.updateAlerts { $0.recordFiring(firing, of: alert.rule, rearmed: false) } == nil)
    }

    @Test("a tracker follows the file: a new alert is watched, one fired elsewhere stops, a removed one is forgotten")
    func trackerSync() throws {
        let level = try #require(DecimalText("100"))
        var tracker = AlertTracker()
        let first = Alert(id: 1, symbol: "BTC", currency: "USD", condition: .above(level))
        let second = Alert(id: 2, symbol: "ETH", currency: "EUR", condition: .below(level))
        tracker.sync(with: [first, second])
        #expect(tracker.pairs == [TickPair(symbol: "BTC", currency: "USD"), TickPair(symbol: "ETH", currency: "EUR")])
        var firedElsewhere = first
        firedElsewhere.state = .fired
        tracker.sync(with: [firedElsewhere, second])
        #expect(tracker.observe(PriceTick(symbol: "BTC", currency: "USD", price: 150, at: start)).fired.isEmpty)
        tracker.sync(with: [firedElsewhere])
        #expect(tracker.pairs == [TickPair(symbol: "BTC", currency: "USD")])
        #expect(tracker.observe(PriceTick(symbol: "ETH", currency: "EUR", price: 50, at: start)).fired.isEmpty)
        #expect(!tracker.hasArmedAlerts)
    }
}

/// A thread-safe counter for the concurrent tests.
private final class Tally: @unchecked Sendable {
    // Guarded by `lock`: bumped from concurrentPerform's threads.
    private let lock = NSLock()
    private var value = 0
    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}

/// The tracker's other direction: an alert re-armed or edited elsewhere.
@Suite("Alert tracker")
struct AlertTrackerTests {
    private let start = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("re-armed in the file, an alert fires again; edited, it starts afresh and may say already above")
    func rearmedAndEdited() throws {
        let level = try #require(DecimalText("100"))
        var fired = Alert(id: 1, symbol: "BTC", currency: "USD", condition: .above(level), state: .fired)
        var tracker = AlertTracker()
        tracker.sync(with: [fired])
        #expect(tracker.observe(PriceTick(symbol: "BTC", currency: "USD", price: 90, at: start)).fired.isEmpty)
        fired.state = .armed
        tracker.sync(with: [fired])
        #expect(tracker.observe(PriceTick(symbol: "BTC", currency: "USD", price: 101, at: start)).fired.map(\.reason) == ["crossed above 100"])
        var edited = fired
        edited.condition = .above(try #require(DecimalText("95")))
        tracker.sync(with: [edited])
        #expect(
            tracker.observe(PriceTick(symbol: "BTC", currency: "USD", price: 101, at: start)).fired.map(\.reason) == [
                "already above 95 when first checked"
            ])
    }
}
