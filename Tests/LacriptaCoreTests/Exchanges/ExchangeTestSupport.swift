import LacriptaCore
import LacriptaTestSupport
import Testing

/// Helpers shared by the exchange adapter and comparison tests.
enum ExchangeTest {
    /// A pair from literal test text such as `BTC/USD`.
    static func pair(_ text: String) -> TradingPair {
        guard let pair = TradingPair(text) else { preconditionFailure("bad test pair \(text)") }
        return pair
    }

    /// A number from literal test text such as `17165.16`.
    static func number(_ text: String) -> QuoteNumber {
        guard let number = QuoteNumber(text) else { preconditionFailure("bad test number \(text)") }
        return number
    }

    /// The frames of `Resources/recorded/exchanges/<exchange>.jsonl` (Binance.US sends Binance's
    /// shapes and shares its file).
    static func frames(_ exchange: Exchange) throws -> [String] {
        try Fixtures.lines("exchanges/\(exchange == .binanceus ? "binance" : exchange.rawValue).jsonl")
    }

    /// Feeds every recorded frame of the adapter's exchange through `adapter` in order and checks
    /// each frame's events against `expected`, one entry per line.
    static func expectSession<Adapter: ExchangeAdapter>(
        _ adapter: Adapter, _ expected: [[ExchangeEvent]], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var adapter = adapter
        let frames = try frames(Adapter.exchange)
        #expect(frames.count == expected.count, "one expectation per recorded line", sourceLocation: sourceLocation)
        for (line, (frame, events)) in zip(frames, expected).enumerated() {
            #expect(adapter.receive(frame) == events, "line \(line + 1): \(frame)", sourceLocation: sourceLocation)
        }
    }

    /// Cuts every recorded frame at every byte offset and feeds the prefix to the adapter as it
    /// stands after the frames before it: each prefix is either malformed, changing nothing, or
    /// reads as the whole frame does. The adapter must then still read the whole frame as it
    /// did, which shows a malformed prefix left its state alone.
    static func expectTruncationSafety<Adapter: ExchangeAdapter>(
        _ adapter: Adapter, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var session = adapter
        for frame in try frames(Adapter.exchange) {
            let bytes = Array(frame.utf8)
            var reference = session
            let whole = reference.receive(bytes)
            for cut in 0..<bytes.count {
                var trial = session
                let events = trial.receive(bytes[..<cut])
                guard events == [.malformed] || events == whole else {
                    Issue.record("\(frame) cut at \(cut) gave \(events)", sourceLocation: sourceLocation)
                    return
                }
                if events == [.malformed], trial.receive(bytes) != whole {
                    Issue.record("\(frame) cut at \(cut) changed the adapter's state", sourceLocation: sourceLocation)
                    return
                }
            }
            _ = session.receive(bytes)
        }
    }
}
