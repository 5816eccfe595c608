import Foundation
import LacriptaNet
import LacriptaSimulator
import LacriptaWebSocket

/// A streamer client for tests: the real `NativeWebSocketClient` over a socket, with every
/// message parsed by the simulator's own JSON parser and every wait bounded.
///
/// A background task drains `messages` into a list and wakes whoever waits, so a test waits for
/// "the next event" itself, bounded by one generous deadline (`patience`) that only a broken
/// server reaches: on a busy machine a short per-message wait ran out while the message was
/// still on its way ("no message within the wait"). A short timeout is only for checking that
/// nothing comes.
final class StreamProbe: Sendable {
    /// What the client saw, in order.
    enum Event: Sendable {
        /// A text message.
        case message(String)
        /// The stream finished cleanly (the peer's Close, if it sent one).
        case finished(CloseStatus?)
        /// The stream threw: connection lost or protocol violation.
        case failed(String)
    }

    /// Why a wait ended without the expected event.
    struct Unexpected: Error, CustomStringConvertible {
        /// What was seen instead.
        let description: String
    }

    /// How long a wait for an expected event lasts before the test fails: liveness only.
    static let patience: Duration = .seconds(60)

    /// The events so far, how many were taken, and the waiters to wake on the next one.
    private struct Inbox {
        var events: [Event] = []
        var cursor = 0
        var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]

        /// Takes the next event, if one is there.
        mutating func take() -> Event? {
            guard cursor < events.count else { return nil }
            defer { cursor += 1 }
            return events[cursor]
        }

        /// Adds `event` and hands back the waiters to resume (outside the lock).
        mutating func add(_ event: Event) -> [CheckedContinuation<Void, Never>] {
            events.append(event)
            defer { waiters = [:] }
            return Array(waiters.values)
        }
    }

    let connection: NativeWebSocketConnection
    private let inbox = Locked(Inbox())
    private let pump: Task<Void, Never>

    /// Connects to `url` with `headers` on the upgrade.
    static func connect(_ url: URL, headers: [(name: String, value: String)] = []) async throws -> StreamProbe {
        StreamProbe(connection: try await NativeWebSocketClient().open(url, headers: headers))
    }

    private init(connection: NativeWebSocketConnection) {
        self.connection = connection
        let inbox = inbox
        pump = Task {
            func deliver(_ event: Event) {
                for waiter in inbox.withLock({ $0.add(event) }) { waiter.resume() }
            }
            do {
                for try await message in connection.messages { deliver(.message(message.text ?? "<binary>")) }
                deliver(.finished(await connection.closeStatus))
            } catch {
                deliver(.failed("\(error)"))
            }
        }
    }

    deinit { pump.cancel() }

    /// The next event, or nil when none came within `timeout`.
    func next(timeout: Duration = StreamProbe.patience) async -> Event? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let event = inbox.withLock({ $0.take() }) { return event }
            if ContinuousClock.now >= deadline { return nil }
            await waitForEvent(until: deadline)
        }
    }

    /// Suspends until an event arrives or `deadline` passes, whichever is first.
    private func waitForEvent(until deadline: ContinuousClock.Instant) async {
        let id = UUID()
        let inbox = inbox
        let alarm = Task {
            try? await Task.sleep(until: deadline, clock: .continuous)
            inbox.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
        defer { alarm.cancel() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = inbox.withLock { inbox in
                guard inbox.cursor == inbox.events.count else { return true }
                inbox.waiters[id] = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// The next message, parsed; throws if the stream ended or nothing came in time.
    func nextJSON(timeout: Duration = StreamProbe.patience) async throws -> JSONValue {
        switch await next(timeout: timeout) {
        case .message(let text)?: return try JSONParser.parse(text)
        case .finished(let status)?: throw Unexpected(description: "stream finished (\(status.map { "\($0.code)" } ?? "no status"))")
        case .failed(let error)?: throw Unexpected(description: "stream failed: \(error)")
        case nil: throw Unexpected(description: "no message within the wait")
        }
    }

    /// The next message's raw text; throws like `nextJSON`.
    func nextText(timeout: Duration = StreamProbe.patience) async throws -> String {
        guard case .message(let text)? = await next(timeout: timeout) else { throw Unexpected(description: "no text message") }
        return text
    }

    /// Messages until (and including) the first whose TYPE is `type`.
    func messages(through type: String, timeout: Duration = StreamProbe.patience) async throws -> [JSONValue] {
        var result: [JSONValue] = []
        while true {
            let message = try await nextJSON(timeout: timeout)
            result.append(message)
            if message["TYPE"]?.stringValue == type { return result }
        }
    }

    /// The first event that is not a message (skipping messages), or nil in time.
    func end(timeout: Duration = StreamProbe.patience) async -> Event? {
        while let event = await next(timeout: timeout) {
            if case .message = event { continue }
            return event
        }
        return nil
    }

    /// Sends a text message.
    func send(_ text: String) async throws {
        try await connection.send(.text(text))
    }

    /// Sends `{"action":"SubAdd","subs":[…]}`.
    func subscribe(_ subs: [String]) async throws {
        try await send(#"{"action":"SubAdd","subs":[\#(subs.map { "\"\($0)\"" }.joined(separator: ","))]}"#)
    }

    /// Sends `{"action":"SubRemove","subs":[…]}`.
    func unsubscribe(_ subs: [String]) async throws {
        try await send(#"{"action":"SubRemove","subs":[\#(subs.map { "\"\($0)\"" }.joined(separator: ","))]}"#)
    }

    /// Closes with 1000 (bounded by the client's close timeout).
    func close() async {
        await connection.close(code: .normalClosure)
    }
}

/// Starts a simulator with the streamer, runs `body`, and always stops it.
func withStreamer<Result>(
    _ options: CryptoCompareStreamer.Options = steeredOptions(),
    requireKey: String? = nil, _ body: (CryptoCompareStreamer) async throws -> Result
) async throws -> Result {
    let simulator = try SimulatorHarness.startWithStreamer(options: options, requireKey: requireKey, dataDirectory: Fixtures.directory())
    defer { simulator.stop() }
    guard let streamer = simulator.streamer else { throw StreamProbe.Unexpected(description: "no streamer") }
    return try await body(streamer)
}

/// Options for steered tests: fixed seed and clock, no timed updates or heartbeats.
func steeredOptions(seed: UInt64 = 1, faults: CryptoCompareStreamer.Faults = .init()) -> CryptoCompareStreamer.Options {
    CryptoCompareStreamer.Options(
        seed: seed, ticksPerSecond: 0, heartbeatInterval: nil, faults: faults,
        now: { Date(timeIntervalSince1970: 1_753_184_197.855) })
}
