import LacriptaTestSupport
import Testing

@testable import LacriptaCore

/// The feed parses every message of a batch with one record, whose `KeyOrder` guesses each key
/// from the messages before. Guessing must never change what a message reads as: each is checked
/// here against a parse with a fresh record, which has nothing to guess from.
@Suite("Key order guesses")
struct KeyOrderTests {
    /// Keys in the streamer's order, with neighbours that share a prefix (VOLUMEDAY, VOLUMEDAYTO),
    /// a key the parser skips, one longer than any key it can look up, and an escaped PRICE.
    private static let members: [String] = [
        #""FLAGS":1"#, #""FLAGS":"2""#, #""MEDIAN":3744.9"#, #""LASTTRADEID":"660125545""#, #""PRICE":3744.9080158242"#,
        #""PRICE":118644.0060601713"#, #""LASTUPDATE":1753184202"#, #""VOLUMEDAY":212403.15984482"#,
        #""VOLUMEDAYTO":790262041.146789"#, #""VOLUME24HOUR":521813.47432821"#, #""VOLUME24HOURTO":1952503414.808331"#,
        #""OPENDAY":3701.5"#, #""HIGHDAY":3790"#, #""LOWDAY":3650.25"#, #""LASTMARKET":"Coinbase""#, #""SOMETHINGNEW":[1,{"A":2}]"#,
        #""CIRCULATINGSUPPLYMKTCAP_AND_THEN_SOME":1"#, #""PR\u0049CE":1"#, #""TOPTIERVOLUME24HOUR":9"#,
    ]

    /// A TYPE 5 update for a random pair with a random run of `members`: mostly in order with
    /// some left out (as the streamer sends them), sometimes shuffled, sometimes with whitespace.
    private static func message(using random: inout SeededRandom) -> String {
        let pair = Bool.random(using: &random) ? #""FROMSYMBOL":"BTC","TOSYMBOL":"USD""# : #""FROMSYMBOL":"ETH","TOSYMBOL":"USD""#
        var chosen = members.filter { _ in Int.random(in: 0..<4, using: &random) != 0 }
        if Int.random(in: 0..<5, using: &random) == 0 { chosen.shuffle(using: &random) }
        let head = [#""TYPE":"5""#, #""MARKET":"CCCAGG""#, pair]
        let separator = Int.random(in: 0..<8, using: &random) == 0 ? " , " : ","
        return "{" + (head + chosen).joined(separator: separator) + "}"
    }

    @Test(
        "a record reused over thousands of varied messages reads each as a fresh parse does",
        arguments: [
            PriceFieldSet.all, [PriceFieldSet(.price), PriceFieldSet(.volumeDay), PriceFieldSet(.lastUpdate)],
        ])
    func reusedRecordMatchesFreshParse(fields: PriceFieldSet) {
        let parser = StreamerParser(fields: fields)
        var record = ScanRecord()
        var random = SeededRandom(seed: 7)
        for _ in 0..<5000 {
            let text = Self.message(using: &random)
            let bytes = Array(text.utf8)
            let fresh = bytes.withUnsafeBytes { parser.parse($0) }
            let reused = bytes.withUnsafeBytes { raw -> StreamerMessage in
                switch parser.parse(raw, into: &record) {
                case .priceUpdate: record.classified()
                case .message(let message): message
                }
            }
            #expect(reused == fresh, "\(text)")
            if reused != fresh { return }
        }
    }

    @Test("a guessed key must end where the message's key ends: VOLUMEDAY is not VOLUMEDAYTO")
    func guessNeedsTheClosingQuote() throws {
        let parser = StreamerParser()
        var record = ScanRecord()
        let padding = #","LASTTRADEID":"852791208","LASTVOLUME":0.01302371,"LASTVOLUMETO":1545.0998556972}"#
        let first = #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":4,"VOLUMEDAY":1"# + padding
        let second = #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":4,"VOLUMEDAYTO":2"# + padding
        for text in [first, second] {
            _ = Array(text.utf8).withUnsafeBytes { parser.parse($0, into: &record) }
        }
        #expect(record.fields.volumeDay == nil, "the second message has no VOLUMEDAY")
        #expect(record.fields[.volumeDayTo] == 2)
    }
}
