import Foundation
import LacriptaSimulator
import LacriptaWebSocket
import Testing

@Suite("Exchange feeds: OKX")
struct OKXFeedTests {
    @Test("Each arg acknowledged on its own with the id echoed, then its first push; the text ping answered with pong")
    func session() async throws {
        try await withExchanges { feeds in
            let subscribe =
                #"{"id":"9","op":"subscribe","args":[{"channel":"bbo-tbt","instId":"BTC-USDT"},{"channel":"tickers","instId":"BTC-USDT"}]}"#
            let probe = try await StreamProbe.connect(to: .okx, on: feeds, sending: [subscribe])
            for channel in ["bbo-tbt", "tickers"] {
                let ack = try await probe.nextJSON()
                #expect(ack["event"] == .string("subscribe") && ack["id"] == .string("9") && ack["arg"]?["channel"] == .string(channel))
                let push = try await probe.nextJSON()
                #expect(push["arg"]?["channel"] == .string(channel) && push["arg"]?["instId"] == .string("BTC-USDT"))
                let entry = try #require(push["data"]?.arrayElements?.first)
                #expect(entry["ts"]?.stringValue != nil)
                if channel == "bbo-tbt" {
                    #expect(entry["bids"]?.arrayElements?.first?.arrayElements?.count == 4, "[price, size, \"0\", orders]")
                } else {
                    #expect(entry["last"]?.stringValue != nil && entry["bidPx"]?.stringValue != nil)
                }
            }
            try await probe.send("ping")
            #expect(try await probe.nextText() == "pong")
        }
    }

    @Test("An instrument OKX does not list gets error 60018 naming it")
    func unlisted() async throws {
        try await withExchanges { feeds in
            let probe = try await StreamProbe.connect(
                to: .okx, on: feeds, sending: [#"{"op":"subscribe","args":[{"channel":"bbo-tbt","instId":"BTC-USD"}]}"#])
            let error = try await probe.nextJSON()
            #expect(error["event"] == .string("error") && error["code"] == .string("60018"))
            #expect(error["msg"]?.stringValue?.contains("instId:BTC-USD doesn't exist") == true)
        }
    }
}
