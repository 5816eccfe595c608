import Foundation
import LacriptaWebSocket

/// lacripta's WebSocket client alone: the flood's messages counted in batches, nothing parsed.
/// Between the raw reader and the whole pipeline, it shows what the transport costs.
enum TransportProbe {
    /// Connects to `url`, subscribes and counts messages until the server closes.
    static func run(url: URL) async {
        do {
            let connection = try await NativeWebSocketClient().open(url)
            try await connection.send(.text(benchSubscription))
            let clock = ContinuousClock()
            let start = clock.now
            var messages = 0
            for try await batch in connection.messageBatches { messages += batch.count }
            let elapsed = seconds(start.duration(to: clock.now))
            report("transport", ["messagesPerSecond": Double(messages) / elapsed, "messages": Double(messages)])
        } catch {
            fail("transport: \(error)")
        }
    }
}
