import LacriptaCore
import LacriptaTestSupport
import Testing

@Suite("Reconnect backoff")
struct BackoffTests {
    @Test("delays stay between 5 s and a ceiling that doubles up to 60 s")
    func bounds() {
        let ceilings: [Duration] = [.seconds(10), .seconds(20), .seconds(40), .seconds(60), .seconds(60), .seconds(60)]
        for seed in UInt64(0)..<200 {
            var random = SeededRandom(seed: seed)
            var backoff = Backoff()
            for ceiling in ceilings {
                #expect(backoff.nextCeiling == ceiling)
                let delay = backoff.nextDelay(using: &random)
                #expect(delay >= .seconds(5))
                #expect(delay <= ceiling)
            }
        }
    }

    @Test("the jitter spreads delays over the window")
    func jitterSpreads() {
        var random = SeededRandom(seed: 1)
        var delays: Set<Duration> = []
        for _ in 0..<50 {
            var backoff = Backoff()
            _ = backoff.nextDelay(using: &random)
            _ = backoff.nextDelay(using: &random)
            delays.insert(backoff.nextDelay(using: &random))  // window 5–40 s
        }
        #expect(delays.count > 40)
        #expect(delays.contains { $0 < .seconds(15) })
        #expect(delays.contains { $0 > .seconds(30) })
    }

    @Test("the same seed gives the same delays")
    func deterministic() {
        func delays(seed: UInt64) -> [Duration] {
            var random = SeededRandom(seed: seed)
            var backoff = Backoff()
            return (0..<8).map { _ in backoff.nextDelay(using: &random) }
        }
        #expect(delays(seed: 9) == delays(seed: 9))
        #expect(delays(seed: 9) != delays(seed: 10))
    }

    @Test("a minimum (after a 429) overrides the cap")
    func minimum() {
        var random = SeededRandom(seed: 3)
        var backoff = Backoff()
        for _ in 0..<10 {
            #expect(backoff.nextDelay(minimum: .seconds(60), using: &random) >= .seconds(60))
        }
    }

    @Test("a connection that stayed up a minute resets the count; a shorter one does not")
    func resetAfterStableMinute() {
        var random = SeededRandom(seed: 4)
        var backoff = Backoff()
        for _ in 0..<4 { _ = backoff.nextDelay(using: &random) }
        backoff.connectionEnded(afterLiveFor: .seconds(59))
        #expect(backoff.attempts == 4)
        #expect(backoff.nextCeiling == .seconds(60))
        backoff.connectionEnded(afterLiveFor: .seconds(60))
        #expect(backoff.attempts == 0)
        #expect(backoff.nextCeiling == .seconds(10))
    }
}
