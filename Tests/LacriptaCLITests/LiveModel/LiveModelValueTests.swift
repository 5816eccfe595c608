import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

@Suite("The one live model: ticks, flashes at explicit times, change from the opens, refusals")
struct LiveModelValueTests {
    private let t0 = Date(timeIntervalSince1970: 1_710_936_000)
    private let btc = LiveFeedScript.pair("BTC")
    private let eth = LiveFeedScript.pair("ETH")

    @Test("a pair's first message never flashes; a later price move flashes for one second in its direction")
    func flashTiming() {
        var script = LiveFeedScript()
        var model = LiveModel(pairs: [btc])
        #expect(model.apply(script.update("BTC", flags: .priceUp, [.price: 100]), at: t0) == .tick(btc))
        #expect(model.flash(for: btc, at: t0) == nil, "the snapshot at subscription is not a move")
        #expect(model.tick(for: btc)?.direction == .up, "its direction is still known, for the arrow")
        let moved = t0.addingTimeInterval(0.5)
        model.apply(script.update("BTC", flags: .priceUp, [.price: 101]), at: moved)
        #expect(model.flash(for: btc, at: moved) == .up)
        #expect(model.flash(for: btc, at: moved.addingTimeInterval(0.999)) == .up)
        #expect(model.flash(for: btc, at: moved.addingTimeInterval(1)) == nil)
        #expect(model.nextFlashEnd(after: moved) == moved.addingTimeInterval(1))
        #expect(model.nextFlashEnd(after: moved.addingTimeInterval(1)) == nil)
    }

    @Test("a message that leaves the price alone keeps the flash going but is the latest tick")
    func quietMessageKeepsFlash() throws {
        var script = LiveFeedScript()
        var model = LiveModel(pairs: [btc])
        model.apply(script.update("BTC", flags: .priceUp, [.price: 100, .volumeDay: 1]), at: t0)
        model.apply(script.update("BTC", flags: .priceDown, [.price: 99]), at: t0.addingTimeInterval(1))
        model.apply(script.update("BTC", flags: .priceUnchanged, [.volumeDay: 2]), at: t0.addingTimeInterval(1.5))
        let tick = try #require(model.tick(for: btc))
        #expect(tick.price == 99, "a partial update keeps the merged price")
        #expect(tick.direction == .unchanged)
        #expect(tick.receivedAt == t0.addingTimeInterval(1.5), "the age counts from the latest message")
        #expect(model.flash(for: btc, at: t0.addingTimeInterval(1.9)) == .down)
        #expect(model.flash(for: btc, at: t0.addingTimeInterval(2)) == nil)
    }

    @Test("the server's FLAGS win over comparing prices; a price resent unchanged does not flash")
    func flagsAndResends() {
        var script = LiveFeedScript()
        var model = LiveModel(pairs: [btc, eth])
        model.apply(script.update("BTC", [.price: 100]), at: t0)
        model.apply(script.update("BTC", flags: .priceDown, [.price: 102]), at: t0)
        #expect(model.flash(for: btc, at: t0) == .down)
        model.apply(script.update("ETH", [.price: 50]), at: t0)
        model.apply(script.update("ETH", [.price: 49]), at: t0)
        #expect(model.flash(for: eth, at: t0) == .down, "without FLAGS the prices are compared")
        let later = t0.addingTimeInterval(5)
        model.apply(script.update("ETH", flags: .priceUp, [.price: 49]), at: later)
        #expect(model.flash(for: eth, at: later) == nil)
    }

    @Test("the next flash end is the earliest one still to come")
    func earliestFlashEnd() {
        var script = LiveFeedScript()
        var model = LiveModel(pairs: [btc, eth])
        for symbol in ["BTC", "ETH"] { model.apply(script.update(symbol, [.price: 10]), at: t0) }
        model.apply(script.update("BTC", [.price: 11]), at: t0.addingTimeInterval(0.2))
        model.apply(script.update("ETH", [.price: 9]), at: t0.addingTimeInterval(0.7))
        #expect(model.nextFlashEnd(after: t0.addingTimeInterval(0.8)) == t0.addingTimeInterval(1.2))
        #expect(model.nextFlashEnd(after: t0.addingTimeInterval(1.2)) == t0.addingTimeInterval(1.7))
    }

    @Test("the change over each period follows the live price from that period's open, kept across partial updates")
    func changeFromOpens() throws {
        var script = LiveFeedScript()
        var model = LiveModel(pairs: [btc, eth])
        model.apply(script.update("BTC", [.price: 100, .open24Hour: 80, .openDay: 125, .openHour: 100]), at: t0)
        model.apply(script.update("BTC", flags: .priceDown, [.price: 90]), at: t0)
        let tick = try #require(model.tick(for: btc))
        #expect(tick.change(over: .rolling24h) == PeriodChange(price: 90, open: 80))
        #expect(tick.change(over: .rolling24h)?.percent == 12.5)
        #expect(tick.change(over: .day)?.amount == -35)
        #expect(tick.change(over: .day)?.percent == -35.0 / 125 * 100)
        #expect(tick.change(over: .hour)?.amount == -10)
        // A pair whose streamer sent no OPENHOUR has no hourly change, and no change at all before a price.
        model.apply(script.update("ETH", [.open24Hour: 10, .openDay: 10]), at: t0)
        #expect(model.tick(for: eth)?.change(over: .day) == nil)
        model.apply(script.update("ETH", [.price: 11]), at: t0)
        #expect(model.tick(for: eth)?.change(over: .day)?.percent == 1.0 / 10 * 100)
        #expect(model.tick(for: eth)?.change(over: .hour) == nil)
    }

    @Test("updates for pairs not followed are dropped; following anew forgets the ticks of pairs left")
    func following() {
        var script = LiveFeedScript()
        var model = LiveModel(pairs: [btc])
        #expect(model.apply(script.update("ETH", [.price: 1]), at: t0) == .nothing)
        #expect(model.apply(script.update("BTC", in: "EUR", [.price: 1]), at: t0) == .nothing, "another currency is another pair")
        model.apply(script.update("BTC", [.price: 1]), at: t0)
        model.follow([eth, btc])
        #expect(model.tick(for: btc) != nil)
        #expect(model.pairs == [eth, btc])
        model.follow([eth])
        #expect(model.tick(for: btc) == nil)
        #expect(model.apply(script.update("BTC", [.price: 2]), at: t0) == .nothing)
    }

    @Test("states, refusals and notices are recorded and reported; confirmations change nothing")
    func statesAndNotices() {
        var model = LiveModel(pairs: [btc, eth])
        #expect(model.state == nil)
        #expect(model.apply(.state(.live), at: t0) == .state(.live))
        #expect(model.apply(.loadComplete, at: t0) == .nothing)
        let hostile = "gone\u{1B}[2J\nforever"
        let refusal = model.apply(LiveFeedScript.refusal("ETH", info: hostile), at: t0)
        #expect(refusal == .notice(.refused(pair: "ETH/USD", source: "the streamer", info: Sanitizer.singleLine(hostile))))
        #expect(model.isRefused(eth) && !model.everythingRefused)
        #expect(model.notice?.text.hasPrefix("ETH/USD is not available on the streamer: gone") == true)
        #expect(!(model.notice?.text.contains("\u{1B}") ?? true))
        model.apply(LiveFeedScript.refusal("BTC", info: nil), at: t0)
        #expect(model.everythingRefused)
        #expect(model.notice?.text == "BTC/USD is not available on the streamer: not available")
        model.apply(.connectFailed(source: "the streamer", reason: "connection refused"), at: t0)
        #expect(model.notice?.text == "cannot connect to the streamer: connection refused")
        model.apply(.rateLimited(ServerNotice(message: "TOO_MANY_SOCKETS_MAX_1_PER_CLIENT")), at: t0)
        #expect(model.notice?.text.hasPrefix("the streamer refused the connection: too many open (at most 1); free keys") == true)
        model.fail("the key was refused")
        #expect(model.failure == "the key was refused")
        model.reset()
        #expect(!model.isRefused(eth) && model.notice == nil && model.state == .live)
    }
}
