import Foundation
import LacriptaSimulator
import LacriptaWebSocket
import Testing

@Suite("Exchange feeds: Gemini")
struct GeminiFeedTests {
    @Test("subscribe answered with status 200 and the current bookTicker: no e, E in nanoseconds, padded prices; ping answered")
    func session() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(
                to: .gemini, on: feeds, sending: [#"{"id":"1","method":"subscribe","params":["btcusd@bookTicker"]}"#])
            #expect(try await probe.nextText() == #"{"id":1,"status":200}"#)
            let book = try await probe.nextJSON()
            #expect(book["s"] == .string("btcusd") && book["e"] == nil)
            let nanoseconds = try #require(book["E"].flatMap { if case .number(let text) = $0 { text } else { nil } })
            #expect(nanoseconds.count == 19 && nanoseconds.allSatisfy(\.isNumber), "nanoseconds, above 2^53")
            #expect(try #require(book["b"]?.stringValue).hasSuffix("0"), "padded with a zero")
            try await probe.send(#"{"id":100,"method":"ping"}"#)
            #expect(try await probe.nextText() == #"{"id":100,"status":200}"#)
        }
    }

    @Test("one bad stream name rejects the whole frame with -1013; an unknown method gets -1020")
    func refusals() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(
                to: .gemini, on: feeds,
                sending: [#"{"id":4,"method":"subscribe","params":["btcusd@bookTicker","nopeusd@bookTicker"]}"#, #"{"id":11,"method":"list"}"#])
            #expect(try await probe.nextText() == #"{"id":4,"status":400,"error":{"code":-1013,"msg":"Invalid stream name: nopeusd@bookTicker"}}"#)
            #expect(try await probe.nextText() == #"{"id":11,"status":400,"error":{"code":-1020,"msg":"Unsupported operation"}}"#)
            feeds.publishUpdates(2, on: .gemini)
            #expect(await probe.next(timeout: .milliseconds(300)) == nil, "btcusd was not subscribed either")
        }
    }
}
