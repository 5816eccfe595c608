import Foundation
import Testing

@testable import LacriptaCore

/// CryptoCompare's histo bodies read as candles: the recording's bars with their four prices and
/// volume, quirks kept (numbers as strings, all-zero bars before a first trade), and a body cut
/// anywhere an error rather than a crash or a made-up bar.
@Suite("CryptoCompare histo bars")
struct HistoBarsResponseTests {
    @Test("the recorded histoday body gives its 31 bars as candles, oldest first, volume from volumefrom")
    func recorded() throws {
        let body = try RecordedFixture.data("histoday-btc-30.json")
        let candles = try HistoBarsResponse.decode(body)
        #expect(candles.count == 31)
        let first = try #require(candles.first)
        #expect(first.time == Date(timeIntervalSince1970: 1_764_806_400))
        #expect(first.open == 93031.87 && first.high == 94295.53 && first.low == 92386.17 && first.close == 93674.8)
        #expect(first.volume == 23956.6)
        #expect(zip(candles, candles.dropFirst()).allSatisfy { $0.time < $1.time })
        #expect(try HistoBarsResponse.closes(body).points.map(\.close) == candles.map(\.close))
    }

    @Test("numbers as strings are read; all-zero bars and a high under the low are dropped")
    func quirks() throws {
        let body = Data(
            """
            {"Response":"Success","Data":{"Data":[
            {"time":1700000000,"open":0,"high":0,"low":0,"close":0,"volumefrom":0},
            {"time":"1700003600","open":"10.5","high":"12","low":"10","close":"11","volumefrom":"3.5"},
            {"time":1700007200,"open":11,"high":9,"low":10,"close":10,"volumefrom":1},
            {"time":1700010800,"open":11,"high":11.5,"low":10.5,"close":11.6}
            ]}}
            """.utf8)
        let candles = try HistoBarsResponse.decode(body)
        #expect(candles.count == 2)
        #expect(candles[0] == Candle(time: Date(timeIntervalSince1970: 1_700_003_600), open: 10.5, high: 12, low: 10, close: 11, volume: 3.5))
        // A close a hair above its own high widens the high; a missing volume stays missing.
        #expect(candles[1].high == 11.6 && candles[1].volume == nil)
    }

    @Test("the recorded body cut at every offset decodes to a prefix of its bars or throws")
    func splitAtEveryOffset() throws {
        let body = try RecordedFixture.data("histoday-btc-30.json")
        let whole = try HistoBarsResponse.decode(body)
        for cut in 0..<body.count {
            if let candles = try? HistoBarsResponse.decode(body.prefix(cut)) {
                #expect(whole.starts(with: candles), "cut at \(cut)")
            }
        }
    }
}
