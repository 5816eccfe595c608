import Foundation
import LacriptaSimulator
import LacriptaWebSocket
import Testing

@Suite("Streamer keys and socket limits")
struct StreamerAccessTests {
    /// The recorded 401, byte for byte (with the documentation's spacing).
    private static let recorded401 =
        #"{"TYPE":"401", "MESSAGE":"UNAUTHORIZED","PARAMETER": "format","INFO":"We only support JSON format with a valid api_key."}"#

    /// Connects and returns the first text and how the stream ended.
    private func firstTextAndEnd(_ url: URL, headers: [(name: String, value: String)] = []) async throws -> (String, StreamProbe.Event?) {
        let probe = try await StreamProbe.connect(url, headers: headers)
        let text = try await probe.nextText()
        let end = await probe.end()
        return (text, end)
    }

    @Test("With a required key, no key or a wrong one gets the recorded 401 and a 1008 close")
    func missingOrWrongKey() async throws {
        try await withStreamer(requireKey: "s3cret") { streamer in
            for headers in [[], [(name: "Authorization", value: "Apikey wrong")]] {
                let (text, end) = try await firstTextAndEnd(streamer.url, headers: headers)
                #expect(text == Self.recorded401)
                guard case .finished(let status)? = end else {
                    Issue.record("expected a clean close, got \(String(describing: end))")
                    continue
                }
                #expect(status?.code == .policyViolation)
            }
            #expect(streamer.connections.isEmpty)
        }
    }

    @Test("The key is accepted in the authorization header (any case) or as ?api_key=")
    func keyAccepted() async throws {
        try await withStreamer(requireKey: "s3cret") { streamer in
            let header = try await StreamProbe.connect(streamer.url, headers: [(name: "AUTHORIZATION", value: "apikey s3cret")])
            #expect(try await header.nextJSON()["TYPE"] == .string("20"))
            let query = try #require(URL(string: streamer.url.absoluteString + "?api_key=s3cret"))
            let inQuery = try await StreamProbe.connect(query)
            #expect(try await inQuery.nextJSON()["TYPE"] == .string("20"))
            #expect(streamer.connections.count == 2)
            await header.close()
            await inQuery.close()
        }
    }

    @Test("The unauthorized fault answers 401 even without a required key")
    func unauthorizedFault() async throws {
        try await withStreamer(steeredOptions(faults: .init(unauthorized: true))) { streamer in
            let (text, _) = try await firstTextAndEnd(streamer.url)
            #expect(text == Self.recorded401)
        }
    }

    @Test("Over maxSockets a socket gets the recorded 429 and a close; after one closes, a new one is welcome")
    func socketLimit() async throws {
        var options = steeredOptions()
        options.maxSockets = 1
        try await withStreamer(options) { streamer in
            let first = try await StreamProbe.connect(streamer.url)
            let welcome = try await first.nextJSON()
            #expect(welcome["SOCKETS_ACTIVE"] == .number("1") && welcome["SOCKETS_REMAINING"] == .number("0"))
            let (text, end) = try await firstTextAndEnd(streamer.url)
            #expect(
                text
                    == #"{"TYPE":"429","MESSAGE":"TOO_MANY_SOCKETS_MAX_1_PER_CLIENT","INFO":"You have reached your maximum sockets open for your subscription"}"#
            )
            if case .finished(let status)? = end { #expect(status?.code == .policyViolation) } else { Issue.record("expected a close") }
            await first.close()
            #expect(await streamer.waitForConnections { $0.isEmpty })
            let again = try await StreamProbe.connect(streamer.url)
            let next = try await again.nextJSON()
            #expect(next["TYPE"] == .string("20"))
            #expect(next["RATELIMIT_REMAINING_MONTH"] == .number("19866"))  // one more socket opened
            await again.close()
        }
    }

    @Test("The too-many fault answers 429 to every socket")
    func tooManyFault() async throws {
        try await withStreamer(steeredOptions(faults: .init(tooManySockets: true))) { streamer in
            let (text, _) = try await firstTextAndEnd(streamer.url)
            #expect(text.contains("TOO_MANY_SOCKETS_MAX_1_PER_CLIENT"))
        }
    }

    @Test("A client that subscribes the moment it connects still reads the 429 and the 1008 close")
    func tooManyFaultWhileSubscribing() async throws {
        // The price feed sends its SubAdd right after connecting; the refusal crosses it on the
        // wire. Repeated, because whether the refusal or the SubAdd goes first varies per run.
        try await withStreamer(steeredOptions(faults: .init(tooManySockets: true))) { streamer in
            for round in 1...30 {
                let probe = try await StreamProbe.connect(streamer.url)
                try await probe.subscribe(["5~CCCAGG~BTC~USD"])
                let text = try await probe.nextText()
                #expect(text.contains("TOO_MANY_SOCKETS_MAX_1_PER_CLIENT"), "round \(round)")
                let end = await probe.end()
                guard case .finished(let status)? = end else {
                    Issue.record("round \(round): expected a clean close, got \(String(describing: end))")
                    continue
                }
                #expect(status?.code == .policyViolation, "round \(round)")
            }
        }
    }
}
