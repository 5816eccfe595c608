import LacriptaTestSupport
import Testing

/// The fake clock the feed tests rely on: it must wake exactly the due sleepers and honour
/// cancellation, or the feed tests would prove nothing.
@Suite("TestClock", .timeLimit(.minutes(5)))
struct TestClockTests {
    @Test("sleepers wake when time reaches their deadline, not before")
    func wakesDueSleepers() async throws {
        let clock = TestClock()
        let early = Task { try await clock.sleep(for: .seconds(5)) }
        let late = Task { try await clock.sleep(for: .seconds(10)) }
        await clock.waitForSleepers(count: 2)
        #expect(clock.sleeperDeadlines == [.seconds(5), .seconds(10)])
        clock.advance(by: .seconds(4))
        #expect(clock.sleeperCount == 2)
        clock.advance(by: .seconds(1))
        try await early.value
        #expect(clock.sleeperDeadlines == [.seconds(10)])
        clock.advance(by: .seconds(5))
        try await late.value
        #expect(clock.now.offset == .seconds(10))
    }

    @Test("a deadline in the past returns at once")
    func pastDeadline() async throws {
        let clock = TestClock()
        clock.advance(by: .seconds(3))
        try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)), tolerance: nil)
        #expect(clock.sleeperCount == 0)
    }

    @Test("cancelling a sleeper unregisters it and throws CancellationError")
    func cancellation() async {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.waitForSleepers(count: 1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)

        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await cancelledFirst.value }
        #expect(clock.sleeperCount == 0)
    }
}
