import LacriptaSimulator
import Testing

@Suite("JSON model")
struct JSONValueTests {
    @Test("Re-serialising keeps key order and the exact number text")
    func roundTripKeepsOrderAndNumbers() throws {
        let text = #"{"b":1,"a":0.0000102751275982814,"c":-3.1122524672799515e-8,"d":609875100279331000000,"e":[true,false,null,"x"]}"#
        let value = try JSONParser.parse(text)
        #expect(value.serializedString() == text)
        #expect(value.objectMembers?.map(\.key) == ["b", "a", "c", "d", "e"])
    }

    @Test("Strings are unescaped on parse and escaped again on output")
    func stringEscapes() throws {
        let value = try JSONParser.parse(#"["Ƀ \"q\" \\ \n \u00e9 \ud83d\ude00 \/"]"#)
        #expect(value.arrayElements?.first?.stringValue == "Ƀ \"q\" \\ \n é 😀 /")
        #expect(JSONValue.string("a\u{1B}b\"").serializedString() == #""a\u001bb\"""#)
    }

    @Test("The recorded toplist survives a parse and re-serialisation unchanged in meaning")
    func recordedToplistRoundTrip() throws {
        let toplist = try Fixtures.document(.toplistUSD)
        #expect(try JSONParser.parse(toplist.serialized()) == toplist)
    }

    @Test(
        "Broken documents are rejected with an offset",
        arguments: [
            "", "{", "[1,]", "{\"a\" 1}", "01", "1.", "tru", "\"abc", "[1] x", "\"\u{01}\"",
        ])
    func rejectsInvalid(text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }

    @Test(
        "Doubles print like JavaScript's Number#toString",
        arguments: [
            (19_698_100.0, "19698100"),
            (0.00001, "0.00001"),
            (0.000001, "0.000001"),
            (0.0000001, "1e-7"),
            (-3.11e-8, "-3.11e-8"),
            (1e21, "1e+21"),
            (123e20, "1.23e+22"),
            (609_875_100_279_331_000_000.0, "609875100279331000000"),
            (0.1 + 0.2, "0.30000000000000004"),
            (31.350000000000364, "31.350000000000364"),
            (-0.0, "0"),
            (62549.6479118955, "62549.6479118955"),
            (Double.nan, "null"),
        ])
    func javaScriptNumbers(value: Double, expected: String) {
        #expect(JSNumberFormatter.string(from: value) == expected)
    }

    @Test("setting replaces in place and appends new keys")
    func settingKeys() throws {
        let value = try JSONParser.parse(#"{"a":1,"b":2}"#)
        #expect(value.setting("a", to: .number(3.5)).serializedString() == #"{"a":3.5,"b":2}"#)
        #expect(value.setting("c", to: .null).serializedString() == #"{"a":1,"b":2,"c":null}"#)
    }
}
