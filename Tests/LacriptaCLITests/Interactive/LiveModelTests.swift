import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

@Suite("Interactive live prices: subscriptions follow the scroll, ticks flash, live detail")
struct LiveModelTests {
    typealias F = InteractiveFixtures

    private func pairs(_ symbols: ClosedRange<Int>, currency: String = "USD") -> [Subscription] {
        symbols.map { pair(String(format: "C%02d", $0), currency: currency) }
    }

    private func pair(_ symbol: String, currency: String = "USD") -> Subscription {
        guard let subscription = Subscription.aggregate(from: symbol, to: currency) else { preconditionFailure("not a ticker: \(symbol)") }
        return subscription
    }

    /// A streamer update of `symbol` with `value` and the day's figures the live detail shows.
    private func price(
        _ symbol: String, _ value: Double, currency: String = "USD", flags: PriceFlags = [], script: inout LiveFeedScript
    ) -> InteractiveEvent {
        .live([script.update(symbol, in: currency, flags: flags, [.price: value, .openDay: 900, .highDay: 1100, .lowDay: 850])])
    }

    @Test("the coins in the window are subscribed as soon as the toplist arrives")
    func subscribesWindow() {
        var model = InteractiveModel(options: InteractiveOptions(currency: "USD", configured: []), size: F.size, now: F.now, liveEnabled: true)
        _ = model.start()
        let fetched = Fetched(value: Toplist(currency: "USD", coins: F.coins(50)), fetchedAt: F.now)
        let effects = model.handle(.toplistLoaded(currency: "USD", .success(fetched)), at: F.now)
        #expect(effects == [.setSubscriptions(pairs(1...20))])
    }

    @Test("scrolling moves the subscriptions with the window; moving inside it changes nothing")
    func followsScroll() {
        var model = F.model(live: true)
        #expect(model.press(.down).isEmpty)
        #expect(model.press(.down, .down, .down).isEmpty, "C05 is inside the first window")
        #expect(model.press(.pageDown) == [.setSubscriptions(pairs(5...24))])
        #expect(model.press(.up).isEmpty)
        #expect(model.press(.character("G")) == [.setSubscriptions(pairs(31...50))])
    }

    @Test("subscriptions are capped at the per-socket limit the options allow")
    func capped() {
        var options = InteractiveOptions(currency: "USD", configured: [])
        options.subscriptionLimit = 5
        let model = F.model(size: TerminalSize(columns: 100, rows: 60), live: true, options: options)
        #expect(model.subscribed == pairs(1...5))
        #expect(model.desiredSubscriptions.count == 5)
    }

    @Test("a new currency subscribes the same coins in that currency once its toplist is in")
    func currencyResubscribes() {
        var model = F.model(live: true)
        #expect(model.press(.character("u")) == [.fetchToplist(currency: "EUR", limit: 50), .setSubscriptions([])])
        let fetched = Fetched(value: Toplist(currency: "EUR", coins: F.coins(50, currency: "EUR")), fetchedAt: F.now)
        #expect(model.handle(.toplistLoaded(currency: "EUR", .success(fetched)), at: F.now) == [.setSubscriptions(pairs(1...20, currency: "EUR"))])
        // A dollar tick still in flight is not shown as euros.
        var script = LiveFeedScript()
        _ = model.handle(price("C01", 999, currency: "USD", script: &script), at: F.now)
        #expect(model.liveTick(for: "C01") == nil)
        #expect(model.live.tick(for: LiveFeedScript.pair("C01")) == nil)
    }

    @Test("without a live source nothing is subscribed and the status says live: off")
    func disabled() {
        var model = F.model(live: false)
        #expect(model.press(.character("G")).isEmpty)
        #expect(model.subscribed.isEmpty)
        #expect(model.plainFrame[22].hasSuffix("live: off"))
    }

    @Test("a tick replaces the REST price and flashes for a second, in the direction it moved")
    func tickFlashes() {
        var model = F.model(live: true)
        var script = LiveFeedScript()
        let c01 = LiveFeedScript.pair("C01")
        _ = model.handle(price("C01", 1000, script: &script), at: F.now)
        _ = model.handle(price("C01", 1001.5, script: &script), at: F.now)
        #expect(model.liveTick(for: "C01")?.direction == .up)
        #expect(model.plainFrame[2].contains("$1,001.50"))
        #expect(model.live.flash(for: c01, at: F.now) == .up)
        #expect(model.live.nextFlashEnd(after: F.now) == F.now.addingTimeInterval(1))
        let priceCell = InteractiveRenderer(colorEnabled: true).frame(model)[2].segments.first { $0.text.contains("$1,001.50") }
        #expect(priceCell?.style == TextStyle(foreground: .up, bold: true, reverse: true))
        _ = model.handle(.tick, at: F.now.addingTimeInterval(1))
        #expect(model.live.flash(for: c01, at: model.now) == nil)
        let calm = InteractiveRenderer(colorEnabled: true).frame(model)[2].segments.first { $0.text.contains("$1,001.50") }
        #expect(calm?.style.reverse == true && calm?.style.foreground == nil, "only the selection's reverse video is left")
        // The service's FLAGS win over our comparison.
        _ = model.handle(price("C02", 400, script: &script), at: model.now)
        _ = model.handle(price("C02", 401, flags: .priceDown, script: &script), at: model.now)
        #expect(model.live.flash(for: LiveFeedScript.pair("C02"), at: model.now) == .down)
    }

    @Test("the change columns follow the live price from the shown period's open; without that open they show a dash")
    func liveChangeColumns() {
        var coins = F.bitcoinAndEther
        coins[0].quote?.changeHour = 0.1
        coins[0].quote?.changePercentHour = 0.5
        var model = F.model(coins: coins, live: true)
        #expect(model.plainFrame[2].contains("▲ +$1,057.23") && model.plainFrame[2].contains("▲ +1.72%"), "as fetched")
        var script = LiveFeedScript()
        let opens: [PriceField: Double] = [.price: 61_000, .open24Hour: 61_500, .openDay: 59_000]
        _ = model.handle(.live([script.update("BTC", opens)]), at: F.now)
        var row = model.plainFrame[2]
        #expect(row.contains("$61,000.00") && row.contains("▼ -$500.00") && row.contains("▼ -0.81%"), "a falling price, a falling change")
        #expect(!row.contains("1.72"))
        _ = model.handle(.live([script.update("BTC", flags: .priceUp, [.price: 62_115])]), at: F.now)
        #expect(model.plainFrame[2].contains("▲ +$615.00") && model.plainFrame[2].contains("▲ +1.00%"), "kept opens, new price")
        model.press(.character("c"))
        #expect(model.period == .hour)
        row = model.plainFrame[2]
        #expect(row.contains("$62,115.00") && !row.contains("+$0.10") && !row.contains("0.50%"))
        #expect(row.components(separatedBy: "—").count == 3, "no OPENHOUR: a dash in both change cells")
        model.press(.character("c"))
        #expect(model.period == .day)
        #expect(model.plainFrame[2].contains("▲ +$3,115.00") && model.plainFrame[2].contains("▲ +5.28%"))
        // A coin without a live tick keeps its fetched figures.
        #expect(model.plainFrame[3].contains("$2,935.30"))
    }

    @Test("the status bar shows LIVE, RECONNECTING and STALE without hiding the data")
    func connectionStates() {
        var model = F.model(live: true)
        #expect(model.plainFrame[22].contains("live: connecting…"))
        _ = model.handle(.live([.state(.live)]), at: F.now)
        #expect(model.plainFrame[22].contains("● LIVE"))
        _ = model.handle(.live([.state(.reconnecting(attempt: 2, nextIn: .seconds(10), reason: .connectionLost))]), at: F.now)
        #expect(model.plainFrame[22].contains("RECONNECTING (attempt 2, next in 10 s)"))
        _ = model.handle(.live([.state(.stale(age: .seconds(70)))]), at: F.now)
        #expect(model.plainFrame[22].contains("STALE (no data for 70 s)"))
        #expect(model.plainFrame[2].contains("C01"))
        _ = model.handle(.liveFailed(reason: "TOO_MANY_SOCKETS\u{1B}[2J"), at: F.now)
        #expect(model.plainFrame[22].contains("live: off — TOO_MANY_SOCKETS"))
        #expect(!model.plainFrame[22].contains("\u{1B}"))
    }

    @Test("l opens the live detail: subscribed even when scrolled away, with a sparkline of its ticks")
    func liveDetail() {
        var model = F.model(live: true)
        model.press(.pageDown, .pageDown)
        #expect(model.selectedCoin?.symbol == "C39")
        #expect(model.press(.character("l")).isEmpty, "C39 is already in the window")
        let times = (0..<4).map { F.now.addingTimeInterval(Double($0)) }
        var script = LiveFeedScript()
        for (time, value) in zip(times, [25.0, 26.0, 24.0, 27.0]) { _ = model.handle(price("C39", value, script: &script), at: time) }
        let frame = model.plainFrame
        #expect(frame[0].contains("live · C39/USD · Coin 39"))
        #expect(frame[2].contains("C39  $27.00 ▲"))
        #expect(frame.contains { $0.contains("Day open") && $0.contains("$900.00") })
        #expect(frame.contains { $0.contains("Change today") && $0.contains("▼ -$873.00") })
        #expect(frame.contains { $0.contains("Last tick") && $0.contains("0 s ago") })
        #expect(frame.contains("  ▃▆▁█"))
        #expect(frame.contains { $0.contains("4 ticks since 12:00:00 UTC") })
        _ = model.handle(.tick, at: times[3].addingTimeInterval(12))
        #expect(model.plainFrame.contains { $0.contains("Last tick") && $0.contains("12 s ago") })
        // Back on the toplist, scrolled away from C39, it is no longer wanted.
        model.press(.escape, .character("g"))
        #expect(!model.subscribed.contains(pair("C39")))
    }

    @Test("the live detail's pair comes first, so the cap never drops it")
    func detailFirst() {
        var options = InteractiveOptions(currency: "USD", configured: [])
        options.subscriptionLimit = 3
        var model = F.model(live: true, options: options)
        #expect(model.subscribed == pairs(1...3))
        model.press(.pageDown, .character("l"))
        #expect(model.subscribed == [pair("C20")] + pairs(1...2))
        model.press(.character("n"))
        #expect(model.subscribed.first == pair("C20"), "news on top keeps the detail's coin live")
    }

    @Test("a pair the service refuses is dropped from the subscriptions and explained")
    func unavailablePair() {
        var model = F.model(live: true)
        let effects = model.handle(.live([LiveFeedScript.refusal("C03")]), at: F.now)
        #expect(effects.count == 1 && !model.subscribed.contains(pair("C03")))
        model.press(.down, .down, .character("l"))
        #expect(model.plainFrame.contains { $0.contains("The streamer has no C03/USD price.") })
    }

    @Test("sparklines scale between the lowest and highest tick")
    func sparkline() {
        #expect(Sparkline.line([1, 2, 3, 4, 5, 6, 7, 8], width: 10) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline.line([5, 5, 5], width: 10) == "▄▄▄")
        #expect(Sparkline.line([1, 2, 3, 4], width: 2) == "▁█", "only the newest that fit")
        #expect(Sparkline.line([.nan, 1, .infinity, 2], width: 10) == "▁█")
        #expect(Sparkline.line([], width: 10).isEmpty)
    }

    @Test("ticks spanning ±1.7e308 draw a sparkline instead of trapping on Int(NaN)")
    func sparklineAcrossTheWholeDoubleRange() {
        // high - low overflows to infinity here; the scale used to turn that into NaN.
        #expect(Sparkline.line([-1.7e308, 1.7e308, 0], width: 10) == "▁█▅")
        #expect(Sparkline.line([-.greatestFiniteMagnitude, .greatestFiniteMagnitude], width: 10) == "▁█")
        var model = F.model(live: true)
        model.press(.character("l"))
        var script = LiveFeedScript()
        for (offset, value) in [-1.7e308, 1.7e308, 1.0].enumerated() {
            _ = model.handle(price("C01", value, script: &script), at: F.now.addingTimeInterval(Double(offset)))
        }
        let frame = model.plainFrame
        #expect(frame.contains("  ▁█▅"))
        #expect(frame[2].contains("C01  $1.00"))
    }
}
