import Foundation
import Testing

@testable import LacriptaCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signals sent to the whole process, as `kill` and the terminal send them, reach every listener.
/// SIGUSR1 and SIGUSR2 stand in for the view's signals: nothing else in the test process listens
/// to them, and a SIGINT would reach the other suites' views.
@Suite("Signal events", .serialized, .timeLimit(.minutes(1)))
struct SignalEventsTests {
    /// Listens for SIGUSR1 (as `.stop`) and SIGUSR2 (as `.resize`) until cancelled; the events
    /// arrive on the returned stream.
    private func listen() -> (SignalEvents, AsyncStream<SignalEvents.Event>) {
        let (stream, continuation) = AsyncStream.makeStream(of: SignalEvents.Event.self)
        let events = SignalEvents([SIGUSR1: .stop, SIGUSR2: .resize]) { continuation.yield($0) }
        return (events, stream)
    }

    @Test("a signal sent to the process arrives as its event, and a listener made after another ended hears it too")
    func listenersInTurn() async throws {
        // The Dispatch signal sources this replaced lost the second round: ending the first set the
        // signal back to its default, and Dispatch installs its own handler only once per process.
        for _ in 0..<3 {
            let (events, stream) = listen()
            var iterator = stream.makeAsyncIterator()
            kill(getpid(), SIGUSR2)
            #expect(await iterator.next() == .resize)
            kill(getpid(), SIGUSR1)
            #expect(await iterator.next() == .stop)
            events.cancel()
        }
    }

    @Test("two listeners at once both hear one signal; after one ends, the other still does")
    func listenersTogether() async throws {
        let (first, firstStream) = listen()
        let (second, secondStream) = listen()
        var firstEvents = firstStream.makeAsyncIterator()
        var secondEvents = secondStream.makeAsyncIterator()
        kill(getpid(), SIGUSR2)
        #expect(await firstEvents.next() == .resize)
        #expect(await secondEvents.next() == .resize)
        first.cancel()
        kill(getpid(), SIGUSR1)
        #expect(await secondEvents.next() == .stop)
        second.cancel()
    }
}
