import Foundation
import LacriptaSimulator
import LacriptaWebSocket
import Testing

@Suite("Streamer flood mode")
struct StreamerFloodTests {
    @Test("After the snapshots, exactly N partial updates arrive, then a 1000 close")
    func exactCount() async throws {
        var options = steeredOptions()
        options.flood = 10_000  // more than two passes over the pre-encoded frames
        try await withStreamer(options) { streamer in
            let probe = try await StreamProbe.connect(streamer.url)
            _ = try await probe.nextJSON()
            try await probe.subscribe(["5~CCCAGG~BTC~USD", "5~CCCAGG~ETH~USD"])
            #expect(try await probe.messages(through: "3").count == 5)
            var updates = 0
            var others = 0
            var end: StreamProbe.Event?
            while let event = await probe.next(timeout: .seconds(30)) {
                guard case .message(let text) = event else {
                    end = event
                    break
                }
                if text.hasPrefix(#"{"TYPE":"5","MARKET":"CCCAGG","#) && !text.contains("OPENDAY") { updates += 1 } else { others += 1 }
            }
            #expect(updates == 10_000)
            #expect(others == 0)
            guard case .finished(let status)? = end else {
                Issue.record("expected a clean close, got \(String(describing: end))")
                return
            }
            #expect(status?.code == .normalClosure)
            #expect(streamer.messagesSent == 10_006)
        }
    }
}
