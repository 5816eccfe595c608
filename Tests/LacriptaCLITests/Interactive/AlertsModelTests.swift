import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

/// Alerts in the full-screen view, through the model alone: the `A` prompt, the marks, firing
/// from live ticks, the flash, and the alerts screen (`!`).
@Suite("Interactive alerts: prompt, marks, firing, list")
struct AlertsModelTests {
    typealias F = InteractiveFixtures

    private func level(_ text: String) throws -> DecimalText {
        try #require(DecimalText(text))
    }

    private func alert(_ id: Int, _ symbol: String, above text: String, state: Alert.State = .armed) throws -> Alert {
        Alert(id: id, symbol: symbol, currency: "USD", condition: .above(try level(text)), state: state)
    }

    /// A streamer tick of `symbol` at `value`.
    private func tick(_ symbol: String, _ value: Double, script: inout LiveFeedScript) -> InteractiveEvent {
        .live([script.update(symbol, in: "USD", [.price: value, .openDay: 900])])
    }

    @Test("A opens a prompt for the selected coin; q and ? are text there; a mistake stays on the prompt, a good one is stored")
    func promptAdds() throws {
        var model = F.model(live: true)
        model.press(.down)
        model.press(.character("A"))
        #expect(model.alertPrompt?.symbol == "C02" && model.alertPrompt?.currency == "USD")
        #expect(model.plainFrame.last?.contains("Alert C02/USD:") == true)
        #expect(model.plainFrame.last?.contains("above 70000") == true, "an example until something is typed")
        #expect(!model.type("sideways q?").contains(.quit))
        #expect(model.press(.enter).isEmpty)
        #expect(model.alertPrompt?.error?.contains("sideways?") == true)
        #expect(model.plainFrame.last?.contains("⚠ sideways?") == true)
        model.press(.control("u"))
        #expect(model.alertPrompt?.error == nil, "typing clears the mistake")
        model.type("above 1e5")
        model.press(.enter)
        #expect(model.alertPrompt?.error?.contains("plain digits") == true)
        model.press(.control("u"))
        model.type("above 70000.50")
        let effects = model.press(.enter)
        let expected = Alert(id: 0, symbol: "C02", currency: "USD", condition: .above(try level("70000.50")))
        #expect(effects == [.addAlert(expected)])
        #expect(model.alertPrompt?.saving == true)
        #expect(model.press(.enter).isEmpty, "one add per Enter, not two")

        let stored = try alert(1, "C02", above: "70000.50")
        _ = model.handle(
            .alertsStored(AlertStoreAnswer(alerts: [stored], message: "alert 1 added: C02/USD above 70000.50", answersPrompt: true)), at: F.now)
        #expect(model.alertPrompt == nil)
        let frame = model.plainFrame
        #expect(frame[frame.count - 2].contains("✓ alert 1 added"))
        #expect(frame[3].contains("C02 ⚑"), "the row of a coin with an armed alert is marked")
        #expect(!frame[2].contains("⚑"))
    }

    @Test("Esc closes the prompt; a store failure leaves it open with the reason")
    func promptCancelAndFailure() {
        var model = F.model()
        model.press(.character("A"))
        model.press(.escape)
        #expect(model.alertPrompt == nil)
        #expect(model.press(.character("q")) == [.quit], "q quits again once the prompt is closed")
        model.press(.character("A"))
        model.type("below 5")
        model.press(.enter)
        _ = model.handle(.alertsStored(AlertStoreAnswer(error: "cannot write the alerts file", answersPrompt: true)), at: F.now)
        #expect(model.alertPrompt?.error == "cannot write the alerts file" && model.alertPrompt?.saving == false)
    }

    @Test("the prompt's words: above, below, move with a window, repeat; mistakes in words")
    func promptParsing() throws {
        let parse = { (text: String) in AlertPrompt.parse(text, symbol: "BTC", currency: "EUR") }
        #expect(try parse("above 70000").get().condition == .above(try level("70000")))
        #expect(
            try parse("BELOW 60000.5 repeat").get()
                == Alert(id: 0, symbol: "BTC", currency: "EUR", condition: .below(try level("60000.5")), repeats: true))
        #expect(try parse("move 5").get().condition == .move(percent: try level("5"), window: .seconds(3600)))
        #expect(try parse("move 2.5 24h").get().condition == .move(percent: try level("2.5"), window: .seconds(86400)))
        #expect(throws: AlertPromptError.self) { try parse("").get() }
        #expect(throws: AlertPromptError.self) { try parse("above").get() }
        #expect(throws: AlertPromptError.self) { try parse("above 0").get() }
        #expect(throws: AlertPromptError.self) { try parse("move 5 2 days").get() }
        #expect(throws: AlertPromptError.self) { try parse("above 7 8").get() }
        // Found by fuzzing (arguments/crash-window-overflow): the window's count times 3600
        // overflowed and the view crashed on the typed line.
        #expect(throws: AlertPromptError("-1111111111111111111h is not a window: 1h or 24h")) {
            try parse("move 5 -1111111111111111111h").get()
        }
        #expect(throws: AlertPromptError.self) { try parse("move 5 3000000000000000h").get() }
    }

    @Test("a live tick crossing an armed alert asks for it to be recorded; the answer flashes the status line for 10 s and the mark goes")
    func firesFromTicks() throws {
        var model = F.model(live: true)
        _ = model.handle(.alertsStored(AlertStoreAnswer(alerts: [try alert(1, "C01", above: "1000.5")])), at: F.now)
        #expect(model.plainFrame[2].contains("C01 ⚑"))
        var script = LiveFeedScript()
        #expect(model.handle(tick("C01", 1000, script: &script), at: F.now).isEmpty)
        let effects = model.handle(tick("C01", 1000.75, script: &script), at: F.now)
        guard case .recordAlerts(let request)? = effects.first else {
            Issue.record("expected a record effect, got \(effects)")
            return
        }
        #expect(request.outcome.fired.map(\.id) == [1] && request.outcome.fired.first?.reason == "crossed above 1000.5")
        #expect(model.handle(tick("C01", 1001, script: &script), at: F.now).isEmpty, "fired once, not on every tick beyond")

        let fired = try alert(1, "C01", above: "1000.5", state: .fired)
        let notice = AlertNotice(alert: fired, price: 1000.75, at: F.now, reason: "crossed above 1000.5")
        _ = model.handle(.alertsStored(AlertStoreAnswer(alerts: [fired], notices: [notice])), at: F.now)
        var frame = model.plainFrame
        #expect(frame[frame.count - 2].contains("⚑ ALERT C01/USD $1,000.75"))
        #expect(frame[frame.count - 2].contains("crossed above 1000.5 (alert 1)"))
        #expect(!frame[2].contains("⚑"), "a fired one-shot alert is no longer marked")
        _ = model.handle(.tick, at: F.now.addingTimeInterval(10))
        frame = model.plainFrame
        #expect(!frame[frame.count - 2].contains("ALERT"))
    }

    @Test("a coin with an armed alert stays subscribed when its row is scrolled away")
    func alertPairsStayLive() throws {
        var model = F.model(live: true)
        let effects = model.handle(.alertsStored(AlertStoreAnswer(alerts: [try alert(1, "C45", above: "30")])), at: F.now)
        #expect(model.subscribed.map(\.from).contains("C45"))
        #expect(effects.contains { if case .setSubscriptions = $0 { true } else { false } })
    }

    @Test("! lists the alerts with the price now and armed or fired; d deletes the selected one; Esc goes back")
    func listAndDelete() throws {
        var model = F.model(live: true)
        let alerts = [try alert(1, "C01", above: "2000"), try alert(2, "C02", above: "100", state: .fired)]
        _ = model.handle(.alertsStored(AlertStoreAnswer(alerts: alerts)), at: F.now)
        model.press(.character("!"))
        guard case .alerts = model.page else {
            Issue.record("expected the alerts screen")
            return
        }
        let frame = model.plainFrame
        #expect(frame[0].contains("lacripta · alerts") && frame[0].contains("2 alerts"))
        let first = try #require(frame.first { $0.contains("C01/USD") })
        #expect(first.contains("above 2000") && first.contains("$1,000.00") && first.contains("armed"))
        let second = try #require(frame.first { $0.contains("C02/USD") })
        #expect(second.contains("$500.00") && second.contains("fired"))
        model.press(.down)
        #expect(model.press(.character("d")) == [.removeAlert(2)])
        #expect(model.press(.character("d")).isEmpty, "one removal at a time")
        _ = model.handle(.alertsStored(AlertStoreAnswer(alerts: [alerts[0]], message: "alert 2 removed")), at: F.now)
        #expect(!model.plainFrame.joined().contains("C02/USD"))
        #expect(model.press(.character("d")) == [.removeAlert(1)], "the selection moved back onto the list")
        model.press(.escape)
        #expect(model.page == .toplist)
    }

    @Test("A on the live detail opens the prompt for that coin")
    func promptFromLiveDetail() {
        var model = F.model(live: true)
        model.press(.down, .down, .character("l"), .character("A"))
        #expect(model.alertPrompt?.symbol == "C03")
    }
}
