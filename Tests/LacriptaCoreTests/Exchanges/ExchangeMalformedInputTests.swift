import Foundation
import LacriptaCore
import Testing

@Suite("Exchange adapters on hostile input")
struct ExchangeMalformedInputTests {
    /// A fresh adapter of every exchange, following the pairs their recorded sessions use.
    private static func adapters() -> [any ExchangeAdapter] {
        let pairs = ["BTC/USD", "ETH/USD", "LTC/BTC", "BTCF0/USTF0"].map(ExchangeTest.pair)
        return Exchange.allCases.map { $0.adapter(for: pairs) }
    }

    @Test("every byte of every recorded frame replaced by a JSON-significant or invalid byte: no crash, one event or more")
    func mutations() throws {
        let replacements: [UInt8] = [0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x2D, 0x30, 0x20, 0x00, 0xFF]
        for adapter in Self.adapters() {
            try mutate(adapter, with: replacements)
        }
    }

    /// Runs every mutation of every recorded frame of `adapter`'s exchange through a copy of it.
    private func mutate<Adapter: ExchangeAdapter>(_ adapter: Adapter, with replacements: [UInt8]) throws {
        for frame in try ExchangeTest.frames(Adapter.exchange) {
            let bytes = Array(frame.utf8)
            for offset in bytes.indices {
                for replacement in replacements where replacement != bytes[offset] {
                    var mutated = bytes
                    mutated[offset] = replacement
                    var trial = adapter
                    #expect(!trial.receive(mutated).isEmpty)
                }
            }
        }
    }

    @Test("text that is not JSON, deep nesting and empty input are malformed for every adapter")
    func garbage() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let texts = ["", " ", "pong", "null", "\"text\"", "42", "{", "[", "}", "{\"a\":}", deep, "{\"event\":\"info\"}{}"]
        for var adapter in Self.adapters() {
            for text in texts {
                // OKX's keepalive is answered by the bare text `pong`.
                let expected: [ExchangeEvent] = text == "pong" && type(of: adapter).exchange == .okx ? [.heartbeat] : [.malformed]
                #expect(adapter.receive(text) == expected, "\(type(of: adapter)): \(text.prefix(20))")
            }
        }
    }

    @Test("numbers keep their text; only JSON numbers are numbers")
    func quoteNumbers() {
        #expect(QuoteNumber("115113.0")?.text == "115113.0")
        #expect(QuoteNumber("115113.0")?.value == 115_113)
        #expect(QuoteNumber("115113.0") != QuoteNumber("115113"))
        #expect(QuoteNumber("-1.90")?.value == -1.9)
        #expect(QuoteNumber("1e-8")?.value == 1e-8)
        #expect(QuoteNumber("0.00000")?.value == 0)
        #expect(QuoteNumber("0.1")?.decimal?.description == "0.1")
        for bad in ["", "abc", "1.", ".5", "1,5", "+1", "1 ", "0x10", "NaN"] {
            #expect(QuoteNumber(bad) == nil, "\(bad)")
        }
    }

    @Test("pairs are ASCII letters and digits, upper-cased, so no symbol can break a subscribe text")
    func pairs() {
        #expect(TradingPair("btc/usd")?.description == "BTC/USD")
        #expect(TradingPair("ETH-BTC") == TradingPair(base: "ETH", quote: "BTC"))
        for bad in ["BTC", "BTC/", "/USD", "BTC/USD/EUR", "BT\"C/USD", "BTC/US D", "ÄBC/USD", "BTCUSDBTCUSDBTCUSD/USD"] {
            #expect(TradingPair(bad) == nil, "\(bad)")
        }
    }
}
