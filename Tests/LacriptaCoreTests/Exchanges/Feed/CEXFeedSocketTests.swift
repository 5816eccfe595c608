import Foundation
import LacriptaCore
import LacriptaSimulator
import LacriptaTestSupport
import LacriptaWebSocket
import Testing

/// `ExchangeFeed` on CEX.IO's socket: what only CEX.IO asks of a client (a ping on a clock, its
/// ticker polled, a pair resubscribed after a gap in its `seqId`s).
@Suite("CEX.IO feed over a socket", .timeLimit(.minutes(2)))
struct CEXFeedSocketTests {
    private static let path = "/api/spot/ws-public"

    @Test("a ping every 5 s and get_ticker every 30 s, whatever arrives")
    func clock() async throws {
        let fake = try FeedOnSocket(.cex, path: Self.path, pairs: [FeedOnSocket.btc])
        let (connection, _) = try await fake.start()
        connection.send(text: ExchangeScript.cexSnapshot(sequence: 1))
        _ = try await fake.next { $0 == .message(.subscribed(FeedOnSocket.btc)) }
        // Nothing arrives meanwhile: the clock alone makes the feed speak.
        for _ in 1...6 { await fake.clock.advance(by: .seconds(5), afterSleepers: 2) }
        var texts: [String] = []
        while let text = await connection.nextMessage(timeout: .seconds(20))?.text {
            texts.append(text)
            if text.contains("get_ticker") { break }
        }
        // Six on the clock (and the keepalive after 20 s of silence, the same text).
        #expect(texts.filter { $0 == #"{"e":"ping"}"# }.count >= 6)
        #expect(texts.last == #"{"e":"get_ticker","oid":"0_6_get_ticker","data":{"pairs":["BTC-USD"]}}"#)
        await fake.feed.stop()
    }

    @Test("a gap in the seqIds resubscribes that pair on the same socket, and its new snapshot quotes again")
    func gap() async throws {
        let fake = try FeedOnSocket(.cex, path: Self.path, pairs: [FeedOnSocket.btc])
        let (connection, _) = try await fake.start()
        connection.send(text: ExchangeScript.cexSnapshot(sequence: 1))
        _ = try await fake.next { if case .message(.quote) = $0 { true } else { false } }
        connection.send(text: #"{"e":"order_book_increment","data":{"seqId":3,"pair":"BTC-USD","bids":[["86877","1"]],"asks":[]},"ok":"ok"}"#)
        let unsubscribe = try #require(await connection.nextMessage(timeout: .seconds(20))?.text)
        let subscribe = try #require(await connection.nextMessage(timeout: .seconds(20))?.text)
        #expect(unsubscribe.hasPrefix(#"{"e":"order_book_unsubscribe","oid":""#) && unsubscribe.contains(#""pair":"BTC-USD""#))
        #expect(subscribe.hasPrefix(#"{"e":"order_book_subscribe","oid":""#) && subscribe.contains(#""pair":"BTC-USD""#))
        connection.send(text: ExchangeScript.cexSnapshot(sequence: 7))
        _ = try await fake.next { $0 == .message(.subscribed(FeedOnSocket.btc)) }
        #expect(await fake.feed.statistics.connections == 1, "the same socket")
        await fake.feed.stop()
    }

    @Test("disconnected, then the close: a new connection, subscribed again")
    func disconnected() async throws {
        let fake = try FeedOnSocket(.cex, path: Self.path, pairs: [FeedOnSocket.btc])
        let (connection, sent) = try await fake.start()
        connection.send(text: #"{"e":"disconnected"}"#)
        connection.sendClose(code: .normalClosure)
        #expect(try await fake.reconnect() == .forceDisconnect)
        let (_, again) = try await fake.nextConnection()
        #expect(again == sent)
        await fake.feed.stop()
    }
}
