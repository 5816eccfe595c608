import Foundation
import Testing

@testable import LacriptaCore

/// The CryptoCompare price and history decoders on the recorded bodies, no sockets: what the
/// source seam's quotes, history and detail are built from.
@Suite("pricemultifull and histoday decoding")
struct MarketDataDecodingTests {
    @Test("pricemultifull RAW reads into quotes keyed by ticker, in the currency asked for")
    func quotes() throws {
        let body = try RecordedFixture.data("pricemultifull.json")
        let usd = try PriceMultiFullResponse.quotes(body, currency: "USD")
        #expect(Set(usd.keys) == ["BTC", "ETH"])
        let btc = try #require(usd["BTC"])
        #expect(btc.currency == "USD" && btc.price == 90176.2230825884)
        #expect(btc.high24h == 90940.5362669072 && btc.low24h == 88400.8971197111)
        #expect(btc.marketCap == 1800887889241.2793 && btc.supply == 19970762)
        #expect(btc.volume24h == 23071033571.570385)
        #expect(btc.changeDay != nil && btc.changeHour != nil && btc.lastUpdate != nil)
        // The currency is matched whatever its case; EUR is its own block, not a conversion.
        let eur = try PriceMultiFullResponse.quotes(body, currency: "eur")
        #expect(eur["ETH"]?.price == 2662.43906836754)
    }

    @Test("a currency the body does not have gives no quotes; a body without RAW is bad data")
    func missingPieces() throws {
        let body = try RecordedFixture.data("pricemultifull.json")
        #expect(try PriceMultiFullResponse.quotes(body, currency: "JPY").isEmpty)
        #expect(throws: DecodingError.self) { try PriceMultiFullResponse.quotes(Data(#"{"DISPLAY":{}}"#.utf8), currency: "USD") }
    }

    @Test("one coin whose RAW is not an object of objects does not hide the others")
    func oddCoin() throws {
        let body = Data(#"{"RAW":{"BTC":[],"ETH":{"USD":{"PRICE":"3120.5","SUPPLY":null}}}}"#.utf8)
        let quotes = try PriceMultiFullResponse.quotes(body, currency: "USD")
        #expect(quotes.keys.sorted() == ["ETH"])
        #expect(quotes["ETH"]?.price == 3120.5 && quotes["ETH"]?.supply == nil)
    }

    @Test("a detail from RAW has today's figures and supply, and no records")
    func detail() throws {
        let blocks = try PriceMultiFullResponse.decode(try RecordedFixture.data("pricemultifull.json"), currency: "USD")
        let detail = try #require(blocks["ETH"]?.detail(symbol: "ETH", name: "Ethereum", currency: "USD"))
        #expect(detail.symbol == "ETH" && detail.name == "Ethereum")
        #expect(detail.quote.price == 3120.02994706168 && detail.quote.high24h == 3148.96201674119)
        #expect(detail.circulatingSupply == 120694878.114886 && detail.totalSupply == 120694878.114886)
        #expect(detail.allTimeHigh == nil && detail.allTimeLow == nil && detail.marketCapRank == nil)
    }

    @Test("histoday reads into 31 daily closes, oldest first, ending with today's bar")
    func history() throws {
        let history = try HistodayResponse.decode(try RecordedFixture.data("histoday-btc-30.json"))
        #expect(history.points.count == 31)
        #expect(history.points.first?.date == Date(timeIntervalSince1970: 1_764_806_400) && history.points.first?.close == 93674.8)
        #expect(history.points.last?.date == Date(timeIntervalSince1970: 1_767_398_400) && history.points.last?.close == 90175.8)
        #expect(zip(history.points, history.points.dropFirst()).allSatisfy { $0.date.addingTimeInterval(86_400) == $1.date })
        #expect(history.points.allSatisfy { $0.close > 0 })
    }

    @Test("bars before the first trade (all zero), bars without a close and implausible times are dropped")
    func zeroBars() throws {
        // 1764806400 is 2025-12-04; 86400 (1970-01-02) is older than any crypto price.
        let bars =
            #"[{"time":1764806400,"close":0},{"time":"1764892800","close":"12.5"},{"time":1764979200},{"time":86400,"close":9},{"time":1765065600,"close":13}]"#
        let history = try HistodayResponse.decode(Data(#"{"Response":"Success","Data":{"Data":\#(bars)}}"#.utf8))
        #expect(history.points.map(\.close) == [12.5, 13])
        #expect(throws: DecodingError.self) { try HistodayResponse.decode(Data(#"{"Data":[]}"#.utf8)) }
    }

    @Test("the new endpoints ask for what the reference documents")
    func endpoints() throws {
        let base = try #require(URL(string: "https://min-api.cryptocompare.com"))
        #expect(
            Endpoint.quotes(symbols: ["BTC", "ETH"], currency: "USD").url(base: base).absoluteString
                == "https://min-api.cryptocompare.com/data/pricemultifull?fsyms=BTC,ETH&tsyms=USD")
        #expect(
            Endpoint.history(symbol: "BTC", currency: "USD", limit: 30).url(base: base).absoluteString
                == "https://min-api.cryptocompare.com/data/v2/histoday?fsym=BTC&tsym=USD&limit=30")
    }
}
