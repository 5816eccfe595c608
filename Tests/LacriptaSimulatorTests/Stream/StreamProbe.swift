import Foundation
import LacriptaNet
import LacriptaSimulator
import LacriptaWebSocket

/// A streamer client for tests: the real `NativeWebSocketClient` over a socket, with every
/// message parsed by the simulator's own JSON parser and every wait bounded.
///
/// A background task drains `messages` into a list, so a test can wait for "the next event"
/// with a deadline instead of blocking forever on the stream.
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

    let connection: NativeWebSocketConnection
    private let events = Locked<[Event]>([])
    private let cursor = Locked(0)
    private let pump: Task<Void, Never>

    /// Connects to `url` with `headers` on the upgrade.
    static func connect(_ url: URL, headers: [(name: String, value: String)] = []) async throws -> StreamProbe {
        StreamProbe(connection: try await NativeWebSocketClient().open(url, headers: headers))
    }

    private init(connection: NativeWebSocketConnection) {
        self.connection = connection
        let events = events
        pump = Task {
            do {
                for try await message in connection.messages {
                    events.withLock { $0.append(.message(message.text ?? "<binary>")) }
                }
                let status = await connection.closeStatus
                events.withLock { $0.append(.finished(status)) }
            } catch {
                events.withLock { $0.append(.failed("\(error)")) }
            }
        }
    }

    deinit { pump.cancel() }

    /// The next event, or nil when none came within `timeout`.
    func next(timeout: Duration = .seconds(10)) async -> Event? {
        let deadline = ContinuousClock.now + timeout
        while true {
            let event: Event? = events.withLock { list in
                cursor.withLock { index in
                    guard index < list.count else { return nil }
                    defer { index += 1 }
                    return list[index]
                }
            }
            if let event { return event }
            if ContinuousClock.now >= deadline { return nil }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The next message, parsed; throws if the stream ended or nothing came in time.
    func nextJSON(timeout: Duration = .seconds(10)) async throws -> JSONValue {
        switch await next(timeout: timeout) {
        case .message(let text)?: return try JSONParser.parse(text)
        case .finished(let status)?: throw Unexpected(description: "stream finished (\(status.map { "\($0.code)" } ?? "no status"))")
        case .failed(let error)?: throw Unexpected(description: "stream failed: \(error)")
        case nil: throw Unexpected(description: "no message within the wait")
        }
    }

    /// The next message's raw text; throws like `nextJSON`.
    func nextText(timeout: Duration = .seconds(10)) async throws -> String {
        guard case .message(let text)? = await next(timeout: timeout) else { throw Unexpected(description: "no text message") }
        return text
    }

    /// Messages until (and including) the first whose TYPE is `type`.
    func messages(through type: String, timeout: Duration = .seconds(10)) async throws -> [JSONValue] {
        var result: [JSONValue] = []
        while true {
            let message = try await nextJSON(timeout: timeout)
            result.append(message)
            if message["TYPE"]?.stringValue == type { return result }
        }
    }

    /// The first event that is not a message (skipping messages), or nil in time.
    func end(timeout: Duration = .seconds(10)) async -> Event? {
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
