import Foundation
import LacriptaCore
import LacriptaNet
import LacriptaWebSocket
import Testing

@testable import LacriptaCLI

/// Live prices played from a list, one batch per event, once the watch follows some pairs; then
/// the end of the stream.
private final class ScriptedPrices: LivePrices, @unchecked Sendable {
    // @unchecked: `events` and `continuation` never change; `followed` is locked.
    var sourceName: String { "the script" }
    let eventBatches: BatchStream<[PriceFeedEvent]>
    private let continuation: AsyncThrowingStream<[PriceFeedEvent], any Error>.Continuation
    private let events: [PriceFeedEvent]
    /// The pairs each `follow` asked for.
    let followed = Locked<[[TickPair]]>([])

    init(_ events: [PriceFeedEvent]) {
        let (batches, continuation) = AsyncThrowingStream.makeStream(of: [PriceFeedEvent].self, throwing: (any Error).self)
        eventBatches = BatchStream(batches)
        self.continuation = continuation
        self.events = events
    }

    func follow(_ subscriptions: [Subscription]) async {
        let first = followed.withLock {
            $0.append(subscriptions.map { TickPair(symbol: $0.from, currency: $0.to) })
            return $0.count == 1
        }
        guard first else { return }
        for event in events { continuation.yield([event]) }
        continuation.finish()
    }

    func stop() async {
        continuation.finish()
    }
}

/// Live prices the test plays step by step: each `follow` is told on `follows`, and `emit` sends
/// a batch.
private final class SteppedPrices: LivePrices, @unchecked Sendable {
    // @unchecked: only `let`s, each thread-safe.
    var sourceName: String { "the steps" }
    let eventBatches: BatchStream<[PriceFeedEvent]>
    private let continuation: AsyncThrowingStream<[PriceFeedEvent], any Error>.Continuation
    let follows: AsyncStream<[TickPair]>
    private let followed: AsyncStream<[TickPair]>.Continuation

    init() {
        let (batches, continuation) = AsyncThrowingStream.makeStream(of: [PriceFeedEvent].self, throwing: (any Error).self)
        eventBatches = BatchStream(batches)
        self.continuation = continuation
        (follows, followed) = AsyncStream.makeStream(of: [TickPair].self)
    }

    func follow(_ subscriptions: [Subscription]) async {
        followed.yield(subscriptions.map { TickPair(symbol: $0.from, currency: $0.to) })
    }

    func emit(_ events: [PriceFeedEvent]) {
        continuation.yield(events)
    }

    func stop() async {
        continuation.finish()
        followed.finish()
    }
}

/// Keeps what it was asked to deliver.
private final class RecordingNotifier: AlertNotifier, @unchecked Sendable {
    // Guarded by `lock`: several watches may deliver at once.
    private let lock = NSLock()
    private var delivered: [AlertNotice] = []
    func deliver(_ notice: AlertNotice) async -> [String] {
        lock.withLock { delivered.append(notice) }
        return []
    }
    var notices: [AlertNotice] { lock.withLock { delivered } }
}

/// `alert watch` as a loop over a scripted tick source and a recording notifier.
@Suite("Alert watch loop")
struct AlertWatchTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-watch-\(UUID().uuidString)").path
    private var store: UserStore { UserStore(directory: folder) }
    private let start = Date(timeIntervalSince1970: 1_795_514_400)

    /// Streamer updates carrying `prices` of `symbol`, in order.
    private func ticks(_ prices: [Double], symbol: String = "BTC") -> [PriceFeedEvent] {
        prices.map { price in
            var snapshot = PriceSnapshot(pair: PairKey(market: Subscription.aggregateMarket, from: symbol, to: "USD"))
            snapshot.fields[.price] = price
            return .update(PriceChange(snapshot: snapshot, changed: PriceFieldSet(.price), direction: .unchanged, isFirst: true))
        }
    }

    /// A refusal whose server text hides an escape sequence.
    private func refusal(_ pair: String, _ info: String) -> PriceFeedEvent {
        .invalidSubscription(InvalidSubscription(parameter: pair, subscription: nil, info: info))
    }

    /// A watch whose clock says `start`, then 10 s later at each batch.
    private func watch(_ prices: ScriptedPrices, _ notifier: RecordingNotifier, once: Bool, reports: Locked<[String]> = Locked([])) -> AlertWatch {
        let batches = Locked(0)
        let start = start
        return AlertWatch(
            store: store, prices: prices, notifier: notifier, once: once, hysteresis: 0.005, idlePoll: .milliseconds(10), clock: ContinuousClock(),
            now: {
                batches.withLock { count in
                    defer { count += 1 }
                    return start.addingTimeInterval(Double(count) * 10)
                }
            },
            report: { line in reports.withLock { $0.append(line) } })
    }

    private func add(_ condition: String, _ price: String, repeats: Bool = false, symbol: String = "BTC") throws {
        let level = try #require(DecimalText(price))
        try store.updateAlerts {
            $0.add(Alert(id: 0, symbol: symbol, currency: "USD", condition: condition == "above" ? .above(level) : .below(level), repeats: repeats))
        }
    }

    @Test("--once: the first crossing is delivered once, recorded as fired, and the watch exits 0")
    func once() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try add("above", "100")
        try add("below", "50", symbol: "ETH")
        let notifier = RecordingNotifier()
        let source = ScriptedPrices(ticks([99, 99.5, 100.5, 101, 99, 102]) + [refusal("ETH/USD", "\u{1B}[2Jfine")])
        #expect(try await watch(source, notifier, once: true).run() == .success)
        #expect(notifier.notices.map(\.reason) == ["crossed above 100"])
        #expect(notifier.notices.first?.price == 100.5)
        #expect(source.followed.withLock { $0 } == [[TickPair(symbol: "BTC", currency: "USD"), TickPair(symbol: "ETH", currency: "USD")]])
        let stored = try store.alerts().alerts
        #expect(stored.map(\.state) == [.fired, .armed])
        #expect(stored.first?.lastFired == start.addingTimeInterval(20))
    }

    @Test("--once: a stream that ends before anything fires exits 1 and says so; notices are cleaned")
    func streamEnds() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try add("above", "100")
        let reports = Locked<[String]>([])
        let source = ScriptedPrices([refusal("BTC/USD", "\u{1B}[2Jslow")] + ticks([90, 95]))
        #expect(try await watch(source, RecordingNotifier(), once: true, reports: reports).run() == .failure)
        #expect(
            reports.withLock { $0 } == [
                "watching 1 alert on BTC/USD from the script", "BTC/USD is not available on the streamer: slow",
                "the price stream ended before an alert fired",
            ])
    }

    @Test("a repeating alert fires again after re-arming, and the store follows both")
    func repeating() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try add("above", "100", repeats: true)
        let notifier = RecordingNotifier()
        await #expect(throws: LacriptaError.self) {
            try await watch(ScriptedPrices(ticks([99, 100, 99.9, 99, 101])), notifier, once: false).run()
        }
        #expect(notifier.notices.map(\.reason) == ["crossed above 100", "crossed above 100"])
        #expect(try store.alerts().alerts.first?.state == .fired)
    }

    @Test("an alert already fired before a restart stays quiet")
    func firedBeforeRestart() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try add("above", "100")
        let notifier = RecordingNotifier()
        #expect(try await watch(ScriptedPrices(ticks([101])), notifier, once: true).run() == .success)
        #expect(notifier.notices.first?.reason == "already above 100 when first checked")
        let again = RecordingNotifier()
        #expect(try await watch(ScriptedPrices(ticks([90, 101, 120])), again, once: true).run() == .failure)
        #expect(again.notices.isEmpty)
    }

    @Test("two watches on one store seeing the same crossing deliver it once between them")
    func twoWatches() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try add("above", "100")
        let notifier = RecordingNotifier()
        async let first = watch(ScriptedPrices(ticks([99, 101, 99, 102])), notifier, once: true).run()
        async let second = watch(ScriptedPrices(ticks([99, 101, 99, 102])), notifier, once: true).run()
        let codes = try await [first, second]
        #expect(notifier.notices.count == 1)
        #expect(codes.sorted { $0.rawValue < $1.rawValue } == [.success, .failure])
    }

    @Test("an alert added while watching: the same prices follow the new pair too, and its crossing fires")
    func followsAnAddedPair() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try add("above", "100")
        let notifier = RecordingNotifier()
        let prices = SteppedPrices()
        let run = Task { [self] in try await watchStepped(prices, notifier) }
        var follows = prices.follows.makeAsyncIterator()
        #expect(await follows.next() == [TickPair(symbol: "BTC", currency: "USD")])
        try add("below", "50", symbol: "ETH")
        prices.emit(ticks([99]))
        #expect(await follows.next() == [TickPair(symbol: "BTC", currency: "USD"), TickPair(symbol: "ETH", currency: "USD")])
        prices.emit(ticks([60, 49], symbol: "ETH"))
        await prices.stop()
        await #expect(throws: LacriptaError.self) { try await run.value }
        #expect(notifier.notices.map(\.reason) == ["crossed below 50"])
        #expect(notifier.notices.first?.pair == "ETH/USD")
    }

    private func watchStepped(_ prices: SteppedPrices, _ notifier: RecordingNotifier) async throws -> ExitCode {
        try await AlertWatch(
            store: store, prices: prices, notifier: notifier, once: false, hysteresis: 0.005, idlePoll: .milliseconds(10), clock: ContinuousClock(),
            report: { _ in }
        ).run()
    }
}
