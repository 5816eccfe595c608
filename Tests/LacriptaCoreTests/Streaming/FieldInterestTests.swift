import LacriptaCore
import LacriptaTestSupport
import Testing

@Suite("A parser that reads only some figures")
struct FieldInterestTests {
    /// What `lacripta live` shows: price, day open/high/low, day and 24 h volume, last update.
    static let shown: PriceFieldSet = [
        PriceFieldSet(.price), PriceFieldSet(.lastUpdate), PriceFieldSet(.openDay), PriceFieldSet(.highDay),
        PriceFieldSet(.lowDay), PriceFieldSet(.volumeDay), PriceFieldSet(.volume24Hour),
    ]

    /// The recorded partial updates (BTC and ETH, with and without PRICE) of a real session.
    static func recordedUpdates() throws -> [String] {
        Array(try Fixtures.lines("stream-session-btc-eth.jsonl")[6..<14])
    }

    private func update(_ text: String, fields: PriceFieldSet) throws -> PriceUpdate {
        try parsedUpdate(text, with: StreamerParser(fields: fields))
    }

    @Test("every recorded update reads the named figures exactly as the full parser does, and no others")
    func recordedUpdates() throws {
        for line in try Self.recordedUpdates() {
            let full = try update(line, fields: .all)
            let some = try update(line, fields: Self.shown)
            #expect(some.pair == full.pair)
            #expect(some.flags == full.flags, "FLAGS is always read")
            #expect(some.fields.present == full.fields.present.intersection(Self.shown))
            for field in PriceField.allCases {
                #expect(some.fields[field] == (Self.shown.contains(field) ? full.fields[field] : nil), "\(field)")
            }
            #expect(some.fields.lastTradeID == nil)
            #expect(some.fields.lastMarket == nil)
            #expect(full.fields.lastTradeID != nil)
        }
    }

    @Test("the string figures are read when named")
    func stringFields() throws {
        let text = #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"ETH","TOSYMBOL":"USD","LASTTRADEID":"437813002","LASTMARKET":"Bitstamp","PRICE":1}"#
        let parsed = try update(text, fields: [.lastMarket])
        #expect(parsed.fields.lastMarket == "Bitstamp")
        #expect(parsed.fields.lastTradeID == nil)
        #expect(parsed.fields.price == nil)
    }

    @Test(
        "a figure that is stepped over must still be a valid JSON number",
        arguments: [
            (#"{"TYPE":"5","MEDIAN":1.}"#, StreamerParseFailure.invalidNumber(offset: 21)),
            (#"{"TYPE":"5","MEDIAN":--1}"#, .invalidNumber(offset: 21)),
            (#"{"TYPE":"5","MEDIAN":1e}"#, .invalidNumber(offset: 21)),
            (#"{"TYPE":"5","MEDIAN":1e+}"#, .invalidNumber(offset: 21)),
            (#"{"TYPE":"5","MEDIAN":-}"#, .invalidNumber(offset: 21)),
            (#"{"TYPE":"5","MEDIAN":.5}"#, .invalidNumber(offset: 21)),
            (#"{"TYPE":"5","UNKNOWN_KEY":12345678.}"#, .invalidNumber(offset: 26)),
            (#"{"TYPE":"5","MEDIAN":123456789"#, .truncated),
            (#"{"TYPE":"5","MEDIAN":1.5e"#, .truncated),
        ]
    )
    func skippedNumbersAreChecked(text: String, failure: StreamerParseFailure) {
        let message = Array(text.utf8).withUnsafeBytes { StreamerParser(fields: Self.shown).parse($0) }
        #expect(message == .malformed(failure))
        // The same number with the rest of a long message after it, where the scan loads whole
        // words: it fails in the same place.
        guard failure != .truncated, text.hasSuffix("}") else { return }
        let padded = text.dropLast() + #","LASTMARKET":""# + String(repeating: "x", count: 64) + #""}"#
        let paddedMessage = Array(padded.utf8).withUnsafeBytes { StreamerParser(fields: Self.shown).parse($0) }
        #expect(paddedMessage == .malformed(failure), "\(padded)")
    }

    @Test("stepped-over numbers in every JSON form leave the cursor where the next key starts")
    func skippedForms() throws {
        let strings = [#""7""#, #""a\"b""#, #""0123456789abcdefghij\"klm\\""#, #""\\""#, #""12345678""#]
        for form in ["-3.1e-8", "0", "-0", "1E+3", "12345678901234567890123", "0.000000000000000000000000001", "1.25e-300", "null"] + strings {
            let text = #"{"TYPE":"5","MARKET":"M","FROMSYMBOL":"A","TOSYMBOL":"B","MEDIAN":"# + form + #","PRICE":2.5}"#
            let parsed = try update(text, fields: Self.shown)
            #expect(parsed.fields.price == 2.5, "after MEDIAN \(form)")
            #expect(parsed.fields[.median] == nil)
        }
    }

    @Test(
        "stepped-over numbers of every length, at every alignment, end exactly where they end",
        arguments: ["", #","LASTMARKET":""# + String(repeating: "x", count: 64) + "\""]
    )
    func everyLengthAndAlignment(tail: String) throws {
        // Without a tail the number is near the end of the message and read in checked steps;
        // with one, a word at a time.
        for padding in 0..<8 {
            for length in 1...30 {
                let digits = String((0..<length).map { Character(String(($0 * 7 + padding) % 10)) })
                for form in [digits, "-" + digits, digits + ".5", "1." + digits, digits + "." + digits, digits + "e-" + String(length)] {
                    let text =
                        #"{"TYPE":"5","MARKET":"M","FROMSYMBOL":"A","TOSYMBOL":"B",""# + String(repeating: "X", count: padding)
                        + #"":"# + form + #","PRICE":2.5"# + tail + "}"
                    let parsed = try update(text, fields: Self.shown)
                    #expect(parsed.fields.price == 2.5, "after \(form) at padding \(padding)")
                }
                let broken = #"{"TYPE":"5","MEDIAN":"# + digits + "x" + tail + "}"
                let message = Array(broken.utf8).withUnsafeBytes { StreamerParser(fields: Self.shown).parse($0) }
                #expect(message == .malformed(.unexpectedByte(offset: 21 + length)), "a stray byte right after \(length) digits")
            }
        }
    }

    @Test("expected pairs parse exactly as any other, and unexpected, escaped or trailing ones still parse")
    func expectedPairs() throws {
        let btc = PairKey(market: "CCCAGG", from: "BTC", to: "USD")
        let parser = StreamerParser(fields: Self.shown, expecting: [btc, PairKey(market: "CCCAGG", from: "ETH", to: "USD")])
        let plain = StreamerParser(fields: Self.shown)
        let texts =
            try Self.recordedUpdates() + [
                #"{"TYPE":"5","MARKET":"Coinbase","FROMSYMBOL":"BTC","TOSYMBOL":"EUR","PRICE":1}"#,
                #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"B\u0054C","TOSYMBOL":"USD","PRICE":2}"#,
                #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTCX","TOSYMBOL":"US","PRICE":3}"#,
                #"{"TYPE":"5","PRICE":4,"MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD"}"#,
            ]
        for text in texts {
            let bytes = Array(text.utf8)
            let expected = bytes.withUnsafeBytes { plain.parse($0) }
            #expect(bytes.withUnsafeBytes { parser.parse($0) } == expected, "\(text)")
        }
        guard case .update(let escaped) = Array(texts[texts.count - 3].utf8).withUnsafeBytes({ parser.parse($0) }) else {
            Issue.record("escaped symbol did not parse")
            return
        }
        #expect(escaped.pair == btc, "an escaped symbol decodes to the same pair")
    }

    @Test("every truncation of an update is malformed for the sparse parser too")
    func truncations() throws {
        let bytes = Array(try Self.recordedUpdates()[0].utf8)
        let parser = StreamerParser(fields: Self.shown)
        for length in 0..<bytes.count {
            let message = Array(bytes[0..<length]).withUnsafeBytes { parser.parse($0) }
            guard case .malformed = message else {
                Issue.record("prefix of \(length) bytes parsed as \(message)")
                continue
            }
        }
    }
}

@Suite("A feed configured with the figures it needs")
struct FeedFieldInterestTests {
    @Test("snapshots hold only the configured figures; direction still follows FLAGS")
    func feedReadsConfiguredFields() async throws {
        var harness = FeedHarness(configuration: PriceFeedConfiguration(fields: [PriceFieldSet(.price), PriceFieldSet(.volumeDay)]))
        let connection = try await harness.startLive()
        connection.push(FeedHarness.btcUpdate)
        connection.push(FeedHarness.btcPartial)
        var snapshots: [PriceSnapshot] = []
        while snapshots.count < 2, let event = try await harness.next() {
            if case .update(let change) = event { snapshots.append(change.snapshot) }
        }
        #expect(snapshots.map(\.fields.present) == [PriceFieldSet(.price), [PriceFieldSet(.price), PriceFieldSet(.volumeDay)]])
        #expect(snapshots.map(\.direction) == [.up, .unchanged])
        #expect(snapshots[1].fields.price == 118_652.38)
        #expect(snapshots[1].fields.volumeDay == 9820.5)
        #expect(snapshots[1].fields.openDay == nil)
    }
}
