import Foundation
import LacriptaCore
import LacriptaTestSupport
import Testing

/// The parser and the board against the recorded session. The oracle is independent of the scanner:
/// Foundation's JSON parser for structure and strings, and the standard library's `Double(String)`
/// on each number's literal text (Foundation on Linux rounds some 17-digit numbers differently).
@Suite("Recorded streamer sessions")
struct RecordedStreamTests {
    static let session = "stream-session-btc-eth.jsonl"

    /// A line decoded by `JSONSerialization`.
    private func oracle(_ line: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// Every top-level `"KEY":number` of a flat line, read with `Double(String)`.
    private func numbers(_ line: String) -> [String: Double] {
        var result: [String: Double] = [:]
        for match in line.matches(of: /"([A-Z0-9_]+)":(-?[0-9][0-9.eE+\-]*)/) {
            let literal = String(match.output.2)
            guard let value = Double(literal) else {
                Issue.record("oracle cannot read \(literal)")
                continue
            }
            result[String(match.output.1)] = value
        }
        return result
    }

    @Test("every line of the session parses, and each price field equals Foundation's reading")
    func everyLineMatchesOracle() throws {
        let lines = try Fixtures.lines(Self.session)
        #expect(lines.count == 76)
        var updates = 0
        for line in lines {
            let expected = try oracle(line)
            let message = StreamerMessage.parse(line)
            guard case .update(let update) = message else {
                #expect(expected["TYPE"] as? String != "5", "TYPE 5 line did not parse as an update: \(line)")
                if case .malformed = message { Issue.record("malformed: \(line)") }
                continue
            }
            updates += 1
            #expect(update.channel == 5)
            #expect(update.pair.market == expected["MARKET"] as? String)
            #expect(update.pair.from == expected["FROMSYMBOL"] as? String)
            #expect(update.pair.to == expected["TOSYMBOL"] as? String)
            #expect(update.flags.rawValue == (expected["FLAGS"] as? NSNumber)?.intValue)
            #expect(update.fields.lastTradeID == expected["LASTTRADEID"] as? String)
            #expect(update.fields.lastMarket == expected["LASTMARKET"] as? String)
            let literals = numbers(line)
            for field in PriceField.allCases {
                #expect(update.fields[field]?.bitPattern == literals[field.wireName]?.bitPattern, "\(field.wireName) in \(line)")
            }
        }
        #expect(updates == 64)
    }

    @Test("control messages of the session are classified")
    func controlMessages() throws {
        let messages = try Fixtures.lines(Self.session).map(StreamerMessage.parse)
        guard case .welcome(let welcome) = messages[0] else {
            Issue.record("first message is not the welcome: \(messages[0])")
            return
        }
        #expect(welcome.serverName == "08")
        #expect(welcome.clientID == 2_561_280)
        #expect(welcome.serverTimeMilliseconds == 1_753_184_197_855)
        #expect(welcome.socketID == "7zUlXfWU+zH7uX7ViDS2")
        #expect(welcome.socketsActive == 1)
        #expect(welcome.socketsRemaining == 0)
        #expect(welcome.rateLimitMax.minute == 60)
        #expect(welcome.rateLimitMax.month == 20_000)
        #expect(welcome.rateLimitRemaining.month == 19_867)
        #expect(welcome.rateLimitRemaining.second == 29)
        #expect(messages[2] == .subscribeComplete(sub: "5~CCCAGG~BTC~USD"))
        #expect(messages[5] == .loadComplete(info: "All your valid subs have been loaded."))
        #expect(messages.contains(.unsubscribeComplete(sub: "5~CCCAGG~ETH~USD")))
        #expect(messages.contains(.unsubscribeAllComplete(info: "Removed 1 subs.")))
        let heartbeats = messages.filter { if case .heartbeat(let time) = $0 { time != nil } else { false } }
        #expect(heartbeats.count == 6)
    }

    @Test("merging the whole session leaves each pair with the latest value of every field")
    func boardMatchesOracleMerge() throws {
        var board = PriceBoard()
        var expected: [String: [String: Any]] = [:]
        var expectedNumbers: [String: [String: Double]] = [:]
        for line in try Fixtures.lines(Self.session) {
            guard case .update(let update) = StreamerMessage.parse(line) else { continue }
            board.merge(update)
            expected[update.pair.from, default: [:]].merge(try oracle(line)) { _, new in new }
            expectedNumbers[update.pair.from, default: [:]].merge(numbers(line)) { _, new in new }
        }
        #expect(board.count == 2)
        for (symbol, fields) in expected {
            let snapshot = try #require(board[PairKey(market: "CCCAGG", from: symbol, to: "USD")])
            let numbers = try #require(expectedNumbers[symbol])
            for field in PriceField.allCases {
                #expect(snapshot.fields[field] == numbers[field.wireName], "\(symbol) \(field)")
            }
            #expect(snapshot.fields.lastMarket == fields["LASTMARKET"] as? String)
            #expect(snapshot.fields.lastTradeID == fields["LASTTRADEID"] as? String)
            #expect(snapshot.flags.rawValue == (fields["FLAGS"] as? NSNumber)?.intValue)
        }
        let eth = try #require(board[PairKey(market: "CCCAGG", from: "ETH", to: "USD")])
        // Sent once in the snapshot, never again: merging must keep it.
        #expect(eth.fields[.maxSupply] == -1)
        #expect(eth.price == 3742.677765017)
    }

    @Test("every line of the error file is classified with its parameter and info")
    func errorFile() throws {
        let messages = try Fixtures.lines("stream-errors.jsonl").map(StreamerMessage.parse)
        #expect(messages.count == 6)
        guard case .unauthorized(let unauthorized) = messages[0] else {
            Issue.record("expected 401, got \(messages[0])")
            return
        }
        #expect(unauthorized.parameter == "format")
        #expect(unauthorized.info == "We only support JSON format with a valid api_key.")
        guard case .rateLimited(let tooMany) = messages[1] else {
            Issue.record("expected 429, got \(messages[1])")
            return
        }
        #expect(tooMany.kind == .tooManySockets)
        #expect(tooMany.limit == 1)
        guard case .serverError(let invalid) = messages[2], case .serverError(let unrecognized) = messages[4],
            case .serverError(let force) = messages[5]
        else {
            Issue.record("expected 500s, got \(messages)")
            return
        }
        #expect(invalid.kind == .invalidSubscription)
        #expect(invalid.parameter == "5~CCCAGG~FOO~USD")
        #expect(invalid.info?.hasPrefix("We have not integrated") == true)
        #expect(messages[3] != messages[2])
        #expect(unrecognized.kind == .subscriptionUnrecognized)
        #expect(unrecognized.parameter == "5~CCCAGG~fs~USD")
        #expect(force.kind == .forceDisconnect)
        #expect(force.info == nil)
    }

    @Test("the timed session wraps the same messages")
    func timedSession() throws {
        let plain = try Fixtures.lines(Self.session)
        let timed = try Fixtures.lines("stream-session-btc-eth.timed.jsonl")
        #expect(timed.count == plain.count)
        for (wrapped, line) in zip(timed, plain) {
            // `{"t_ms":N,"msg":<line>}`: cut the message out textually, keeping its bytes.
            let start = try #require(wrapped.range(of: #","msg":"#)).upperBound
            let inner = String(wrapped[start..<wrapped.index(before: wrapped.endIndex)])
            #expect(inner == line)
            #expect(StreamerMessage.parse(inner) == StreamerMessage.parse(line))
        }
    }
}
