import LacriptaCore
import LacriptaTestSupport
import Testing

@Suite("Streamer message parser edge cases")
struct StreamerParserTests {
    static let update =
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":2,"PRICE":118644.0060601713,"LASTTRADEID":"852791208","LASTUPDATE":1753184201,"LASTVOLUME":0.01302371,"VOLUME24HOURTO":3271648398.992905,"MAXSUPPLYMKTCAP":2491524124522.921}"#

    private func update(_ text: String) throws -> PriceUpdate {
        try parsedUpdate(text)
    }

    @Test("FLAGS may be a number or a numeric string; bits are tested, not compared")
    func flagsStringOrNumber() throws {
        let number = try update(#"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":2050}"#)
        let string = try update(#"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":"2050"}"#)
        #expect(number.flags == string.flags)
        #expect(string.flags.contains(.priceDown))
        #expect(string.flags.contains(.medianUnchanged))
        #expect(string.flags.priceDirection == .down)
        let missing = try update(#"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD"}"#)
        #expect(missing.flags == [])
    }

    @Test("an update without PRICE has no price, and the other fields are read")
    func missingPrice() throws {
        let parsed = try update(
            #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"ETH","TOSYMBOL":"USD","FLAGS":4,"LASTTRADEID":"437813002","LASTVOLUME":2.39498257,"LASTMARKET":"Bitstamp"}"#
        )
        #expect(parsed.fields.price == nil)
        #expect(parsed.flags.priceDirection == .unchanged)
        #expect(parsed.fields[.lastVolume] == 2.39498257)
        #expect(parsed.fields.lastMarket == "Bitstamp")
        #expect(parsed.fields.present == PriceFieldSet(.lastVolume))
    }

    @Test("TYPE may be a bare number; key order does not matter")
    func typeAsNumberAndKeyOrder() throws {
        let reordered = try update(
            #"{"PRICE":1.5,"TOSYMBOL":"USD","FLAGS":1,"FROMSYMBOL":"BTC","MARKET":"Coinbase","TYPE":2}"#
        )
        #expect(reordered.channel == 2)
        #expect(reordered.pair == PairKey(market: "Coinbase", from: "BTC", to: "USD"))
        #expect(reordered.fields.price == 1.5)
        #expect(StreamerMessage.parse(#"{"TYPE":999,"TIMEMS":1582817678330}"#) == .heartbeat(timeMilliseconds: 1_582_817_678_330))
        #expect(
            StreamerMessage.parse(#"{"TYPE":429,"MESSAGE":"TOO_MANY_SOCKETS_MAX_1_PER_CLIENT"}"#)
                == .rateLimited(ServerNotice(message: "TOO_MANY_SOCKETS_MAX_1_PER_CLIENT")))
    }

    @Test("whitespace around every token is accepted")
    func whitespace() throws {
        let spaced = " \n\t{ \"TYPE\" : \"5\" ,\r\n \"MARKET\":\"CCCAGG\", \"FROMSYMBOL\" :\"BTC\",\"TOSYMBOL\":\"USD\" , \"PRICE\" :\t-3.1e-8 } \n"
        let parsed = try update(spaced)
        #expect(parsed.fields.price == -3.1e-8)
        #expect(
            StreamerMessage.parse(#"{"TYPE":"16", "MESSAGE":"SUBSCRIBECOMPLETE", "SUB":"0~Coinbase~ETH~BTC"}"#)
                == .subscribeComplete(sub: "0~Coinbase~ETH~BTC"))
    }

    @Test("string escapes are decoded, including surrogate pairs")
    func escapes() {
        let text = #"{"TYPE":"500","MESSAGE":"INVALID_SUB","PARAMETER":"a\"b\\c\/d","INFO":"line\nnext \u00e9 \ud83d\ude00 tab\there \u001b[31m"}"#
        guard case .serverError(let notice) = StreamerMessage.parse(text) else {
            Issue.record("not a server error")
            return
        }
        #expect(notice.parameter == "a\"b\\c/d")
        #expect(notice.info == "line\nnext é 😀 tab\there \u{1B}[31m")
        let lone = StreamerMessage.parse(#"{"TYPE":"3","INFO":"x\ud800y"}"#)
        #expect(lone == .loadComplete(info: "x\u{FFFD}y"))
        #expect(StreamerMessage.parse(#"{"TYPE":"3","INFO":"bad \q"}"#) == .malformed(.invalidEscape(offset: 24)))
    }

    @Test("raw UTF-8 in strings is kept")
    func rawUTF8() {
        #expect(StreamerMessage.parse(#"{"TYPE":"3","INFO":"Größe ✓"}"#) == .loadComplete(info: "Größe ✓"))
    }

    @Test("nested objects and arrays (INFO_OBJ) and unknown keys are skipped")
    func nestedSkipped() throws {
        let text =
            #"{"TYPE":"18","MESSAGE":"UNSUBSCRIBEALLCOMPLETE","INFO":"Removed 1 subs.","INFO_OBJ":{"valid":1,"invalid":0,"odd":["}",{"a":"]\""}]},"EXTRA":true,"NOTHING":null}"#
        #expect(StreamerMessage.parse(text) == .unsubscribeAllComplete(info: "Removed 1 subs."))
        let withUnknown = try update(
            #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","A_VERY_LONG_KEY_THAT_IS_NOT_KNOWN_AT_ALL":{"x":[1,2]},"ESC\u0041PED":1,"PRICE":2}"#
        )
        #expect(withUnknown.fields.price == 2)
    }

    @Test("null and non-numeric values of numeric fields read as absent")
    func nullsAndOddTypes() throws {
        let parsed = try update(
            #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","PRICE":null,"OPENDAY":"117380.24","HIGHDAY":"n/a","LASTTRADEID":12345}"#
        )
        #expect(parsed.fields.price == nil)
        #expect(parsed.fields.openDay == 117_380.24)
        #expect(parsed.fields.highDay == nil)
        #expect(parsed.fields.lastTradeID == "12345")
    }

    @Test("every truncation of a valid update is malformed, never an update or a crash")
    func truncatedAtEveryOffset() {
        let bytes = Array(Self.update.utf8)
        #expect(StreamerMessage.parse(bytes) != .malformed(.truncated))
        for length in 0..<bytes.count {
            let message = StreamerMessage.parse(Array(bytes[0..<length]))
            guard case .malformed = message else {
                Issue.record("prefix of \(length) bytes parsed as \(message)")
                continue
            }
        }
    }

    @Test(
        "structurally broken input is malformed",
        arguments: [
            ("", StreamerParseFailure.empty),
            ("   ", .empty),
            ("[1,2]", .notAnObject),
            ("\"TYPE\"", .notAnObject),
            (#"{"TYPE":"5"} x"#, .unexpectedByte(offset: 13)),
            (#"{"TYPE":"5",}"#, .unexpectedByte(offset: 12)),
            (#"{"TYPE" "5"}"#, .unexpectedByte(offset: 8)),
            (#"{"TYPE":"5" "PRICE":1}"#, .unexpectedByte(offset: 12)),
            (#"{"PRICE":1.}"#, .invalidNumber(offset: 9)),
            (#"{"PRICE":--1}"#, .invalidNumber(offset: 9)),
            (#"{"PRICE":1e}"#, .invalidNumber(offset: 9)),
            (#"{"PRICE":tru}"#, .unexpectedByte(offset: 12)),
            (#"{"MESSAGE":"x"}"#, .missingType),
            (#"{}"#, .missingType),
            (#"{"TYPE":"5","MARKET":"CCCAGG","TOSYMBOL":"USD"}"#, .missingPair),
        ]
    )
    func malformed(text: String, failure: StreamerParseFailure) {
        #expect(StreamerMessage.parse(text) == .malformed(failure))
    }

    @Test("invalid UTF-8 is not fatal")
    func invalidUTF8() {
        let bytes: [UInt8] = Array(#"{"TYPE":"3","INFO":""#.utf8) + [0xFF, 0xC3] + Array(#""}"#.utf8)
        #expect(StreamerMessage.parse(bytes) == .loadComplete(info: "\u{FFFD}\u{FFFD}"))
        #expect(StreamerMessage.parse([0xFF]) == .malformed(.notAnObject))
    }

    @Test("types this client does not handle are reported as unknown")
    func unknownTypes() {
        let trade = #"{"TYPE":"0","M":"Coinbase","FSYM":"BTC","TSYM":"USD","F":"1","ID":"852793745","TS":1753190418,"Q":0.34637342,"P":119283.1}"#
        #expect(StreamerMessage.parse(trade) == .unknown(type: "0"))
        #expect(StreamerMessage.parse(#"{"TYPE":"4000","MESSAGE":"SESSIONWELCOME"}"#) == .unknown(type: "4000"))
        #expect(StreamerMessage.parse(#"{"TYPE":"abc"}"#) == .unknown(type: "abc"))
    }

    @Test(
        "numbers in every JSON form are read exactly",
        arguments: [
            ("-3.1e-8", -3.1e-8), ("0", 0), ("-0", -0.0), ("1E+3", 1000), ("1e-3", 0.001), ("12", 12),
            ("0.014", 0.014), ("118652.3817264091", 118_652.3817264091),
            ("2491620711479.2295", 2_491_620_711_479.2295), ("976108705309.5936", 976_108_705_309.5936),
            ("12345678901234567890123", 1.2345678901234568e22), ("1.7976931348623157e308", 1.7976931348623157e308),
            ("5e-324", Double.leastNonzeroMagnitude), ("0.000000000000000000000000001", 1e-27), ("-1", -1),
            ("9007199254740993", 9_007_199_254_740_992), ("3.0000000000000000001", 3.0000000000000000001),
        ]
    )
    func numbers(text: String, value: Double) throws {
        let parsed = try update(#"{"TYPE":"5","MARKET":"M","FROMSYMBOL":"A","TOSYMBOL":"B","PRICE":"# + text + "}")
        let price = try #require(parsed.fields.price)
        #expect(price.bitPattern == value.bitPattern, "\(text) → \(price)")
    }
}
