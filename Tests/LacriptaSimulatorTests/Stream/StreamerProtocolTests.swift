import Foundation
import LacriptaSimulator
import LacriptaWebSocket
import Testing

@Suite("Streamer protocol over sockets")
struct StreamerProtocolTests {
    /// The keys of a recorded message, in order.
    private func recordedKeys(line: Int) throws -> [String] {
        let text = try String(contentsOf: Fixtures.directory().appendingPathComponent("stream-session-btc-eth.jsonl"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        return try JSONParser.parse(String(lines[line - 1])).objectMembers?.map(\.key) ?? []
    }

    @Test("The welcome comes first, shaped like the recorded one, with the socket counts")
    func welcomeFirst() async throws {
        try await withStreamer { streamer in
            let probe = try await StreamProbe.connect(streamer.url)
            let welcome = try await probe.nextJSON()
            #expect(welcome["TYPE"] == .string("20"))
            #expect(welcome["MESSAGE"] == .string("STREAMERWELCOME"))
            #expect(welcome.objectMembers?.map(\.key) == (try recordedKeys(line: 1)))
            #expect(welcome["SOCKETS_ACTIVE"] == .number("1"))
            #expect(welcome["SOCKET_ID"]?.stringValue?.count == 20)
            #expect(welcome["SERVER_TIME_MS"] == .number("1753184197855"))
            #expect(welcome["RATELIMIT_REMAINING_MONTH"] == .number("19867"))
            #expect(streamer.url.path == "/v2")
            await probe.close()
        }
    }

    @Test("SubAdd answers a full snapshot (recorded field order, FLAGS a number) and 16 per sub, then one 3")
    func subscribeSnapshot() async throws {
        try await withStreamer { streamer in
            let probe = try await StreamProbe.connect(streamer.url)
            _ = try await probe.nextJSON()
            try await probe.subscribe(["5~CCCAGG~BTC~USD", "5~CCCAGG~ETH~EUR"])
            let replies = try await probe.messages(through: "3")
            #expect(replies.map { $0["TYPE"]?.stringValue } == ["5", "16", "5", "16", "3"])
            let btc = replies[0]
            #expect(btc.objectMembers?.map(\.key) == (try recordedKeys(line: 2)))
            #expect(btc["FROMSYMBOL"] == .string("BTC") && btc["TOSYMBOL"] == .string("USD"))
            #expect(btc["PRICE"] == .number("62549.6479118955"))  // the recorded toplist's BTC price
            #expect(btc["FLAGS"] == .number("1"))
            #expect(btc["LASTTRADEID"]?.stringValue != nil)
            #expect(btc["MAXSUPPLY"] == .number("20999999.9769"))
            let eth = replies[2]
            #expect(eth["TOSYMBOL"] == .string("EUR"))
            #expect(eth["MAXSUPPLY"] == .number("-1") && eth["MAXSUPPLYMKTCAP"] == .number("-1"))
            let euroPrice = try #require(eth["PRICE"]?.doubleValue)
            #expect(euroPrice > 2000 && euroPrice < 2935)  // the USD price times the recorded EUR rate
            #expect(replies[1]["SUB"] == .string("5~CCCAGG~BTC~USD"))
            #expect(replies[3]["SUB"] == .string("5~CCCAGG~ETH~EUR"))
            #expect(replies[4]["INFO"] == .string("All your valid subs have been loaded."))
            #expect(streamer.connections.first?.subscriptions == ["5~CCCAGG~BTC~USD", "5~CCCAGG~ETH~EUR"])
            await probe.close()
        }
    }

    @Test("Unknown pairs, other channels and lower case get 500 INVALID_SUB with the recorded text; a repeat is ALREADY_ACTIVE")
    func invalidSubs() async throws {
        try await withStreamer { streamer in
            let probe = try await StreamProbe.connect(streamer.url)
            _ = try await probe.nextJSON()
            try await probe.subscribe([
                "5~CCCAGG~FOO~USD", "5~CCCAGG~btc~USD", "2~Coinbase~BTC~USD", "5~CCCAGG~BTC~XYZ", "5~CCCAGG~BTC~USD", "5~CCCAGG~BTC~USD",
            ])
            let replies = try await probe.messages(through: "3")
            #expect(replies.map { $0["TYPE"]?.stringValue } == ["500", "500", "500", "500", "5", "16", "500", "3"])
            #expect(
                replies[0]
                    == (try JSONParser.parse(
                        #"{"TYPE":"500","MESSAGE":"INVALID_SUB","PARAMETER":"5~CCCAGG~FOO~USD","INFO":"We have not integrated any of the exchanges FOO trades on or we have not currently mapped it."}"#
                    )))
            #expect(replies[1]["INFO"]?.stringValue?.contains("exchanges btc trades") == true)
            #expect(replies[2]["PARAMETER"] == .string("2~Coinbase~BTC~USD"))
            #expect(replies[6]["MESSAGE"] == .string("SUBSCRIPTION_ALREADY_ACTIVE"))
            #expect(replies[6]["PARAMETER"] == .string("5~CCCAGG~BTC~USD"))
            await probe.close()
        }
    }

    @Test("SubRemove answers 17 per active sub, 500 SUBSCRIPTION_UNRECOGNIZED otherwise, then 18 with the counts; updates stop")
    func unsubscribe() async throws {
        try await withStreamer { streamer in
            let probe = try await StreamProbe.connect(streamer.url)
            _ = try await probe.nextJSON()
            try await probe.subscribe(["5~CCCAGG~BTC~USD", "5~CCCAGG~ETH~USD"])
            _ = try await probe.messages(through: "3")
            try await probe.unsubscribe(["5~CCCAGG~ETH~USD", "5~CCCAGG~fs~USD"])
            let replies = try await probe.messages(through: "18")
            #expect(replies[0] == (try JSONParser.parse(#"{"TYPE":"17","MESSAGE":"UNSUBSCRIBECOMPLETE","SUB":"5~CCCAGG~ETH~USD"}"#)))
            #expect(
                replies[1]
                    == (try JSONParser.parse(
                        #"{"TYPE":"500","MESSAGE":"SUBSCRIPTION_UNRECOGNIZED","PARAMETER":"5~CCCAGG~fs~USD","INFO":"You are not receiving updates on this subscription."}"#
                    )))
            #expect(
                replies[2]
                    == (try JSONParser.parse(
                        #"{"TYPE":"18","MESSAGE":"UNSUBSCRIBEALLCOMPLETE","INFO":"Removed 1 subs.","INFO_OBJ":{"valid":1,"invalid":1}}"#)))
            streamer.publishUpdates(20)
            for _ in 0..<20 {
                #expect(try await probe.nextJSON()["FROMSYMBOL"] == .string("BTC"))
            }
            await probe.close()
        }
    }

    @Test("Malformed JSON is 500 INVALID_JSON; a wrong action or subs is 500 INVALID_PARAMETER; the socket stays usable")
    func malformedRequests() async throws {
        try await withStreamer { streamer in
            let probe = try await StreamProbe.connect(streamer.url)
            _ = try await probe.nextJSON()
            try await probe.send("{\"action\":\"SubAdd\",")
            try await probe.send(#"{"action":"Subscribe","subs":["5~CCCAGG~BTC~USD"]}"#)
            try await probe.send(#"{"action":"SubAdd","subs":"5~CCCAGG~BTC~USD"}"#)
            let invalidJSON = try await probe.nextJSON()
            #expect(invalidJSON["MESSAGE"] == .string("INVALID_JSON"))
            #expect(invalidJSON["TYPE"] == .string("500"))
            #expect(try await probe.nextJSON()["PARAMETER"] == .string("action"))
            #expect(try await probe.nextJSON()["PARAMETER"] == .string("subs"))
            try await probe.subscribe(["5~CCCAGG~SOL~USD"])
            #expect(try await probe.messages(through: "3").count == 3)
            await probe.close()
        }
    }

    @Test("A heartbeat (TYPE 999 with TIMEMS) arrives on its interval")
    func heartbeat() async throws {
        var options = steeredOptions()
        options.heartbeatInterval = .milliseconds(50)
        try await withStreamer(options) { streamer in
            let probe = try await StreamProbe.connect(streamer.url)
            _ = try await probe.nextJSON()
            let beat = try await probe.nextJSON()
            #expect(beat == (try JSONParser.parse(#"{"TYPE":"999","MESSAGE":"HEARTBEAT","TIMEMS":1753184197855}"#)))
            await probe.close()
        }
    }

    @Test("A path other than /v2 is closed with 1008 before any message")
    func wrongPath() async throws {
        try await withStreamer { streamer in
            let url = try #require(URL(string: streamer.url.absoluteString.replacingOccurrences(of: "/v2", with: "/v1")))
            let probe = try await StreamProbe.connect(url)
            guard case .finished(let status)? = await probe.next() else {
                Issue.record("expected a clean close first")
                return
            }
            #expect(status?.code == .policyViolation)
        }
    }
}
