import Foundation
import LacriptaCore
import LacriptaTestSupport
import Testing

/// A `PriceFeed` wired to a scripted client and a test clock, with helpers to read its events.
struct FeedHarness {
    static let url: URL = {
        guard let url = URL(string: "wss://streamer.example.test/v2") else { preconditionFailure("bad literal URL") }
        return url
    }()
    static let apiKey = "k3y-that-must-stay-secret"
    static let btcUpdate =
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":1,"PRICE":118652.38,"OPENDAY":117380.24,"LASTUPDATE":1753184196}"#
    static let btcPartial = #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":4,"VOLUMEDAY":9820.5}"#
    static let btc = PairKey(market: "CCCAGG", from: "BTC", to: "USD")
    /// The CCCAGG BTC-USD and ETH-USD subscriptions, the pairs most tests send updates for.
    static let btcAndEth = ["5~CCCAGG~BTC~USD", "5~CCCAGG~ETH~USD"].compactMap(Subscription.init(parsing:))
    static let welcome = #"{"TYPE":"20","MESSAGE":"STREAMERWELCOME","SERVER_NAME":"08","SOCKETS_ACTIVE":1,"SOCKETS_REMAINING":0}"#

    let client = ScriptedWebSocketClient()
    let clock = TestClock()
    let feed: PriceFeed
    private var iterator: AsyncThrowingStream<PriceFeedEvent, any Error>.AsyncIterator

    init(
        apiKey: APIKey? = APIKey(FeedHarness.apiKey),
        subscriptions: [String] = ["5~CCCAGG~BTC~USD", "5~CCCAGG~ETH~USD"],
        configuration: PriceFeedConfiguration = PriceFeedConfiguration()
    ) {
        feed = PriceFeed(
            client: client,
            url: Self.url,
            apiKey: apiKey,
            subscriptions: subscriptions.compactMap(Subscription.init(parsing:)),
            clock: clock,
            configuration: configuration,
            random: SeededRandom(seed: 11)
        )
        iterator = feed.events.makeAsyncIterator()
    }

    /// Starts the feed and returns its first connection.
    func start() async -> ScriptedConnection {
        await feed.start()
        return await client.connection(at: 0)
    }

    /// Starts the feed, greets it and waits until it reported the welcome (after `.state(.live)`),
    /// so the next events are the ones the test provokes.
    mutating func startLive() async throws -> ScriptedConnection {
        let connection = await start()
        connection.push(Self.welcome)
        _ = try await next { if case .welcome = $0 { true } else { false } }
        return connection
    }

    /// The next event, or `nil` when the stream ended.
    mutating func next() async throws -> PriceFeedEvent? {
        try await iterator.next()
    }

    /// The next event matching `predicate`, skipping others; fails the test if the stream ends.
    mutating func next(
        sourceLocation: SourceLocation = #_sourceLocation,
        where predicate: (PriceFeedEvent) -> Bool
    ) async throws -> PriceFeedEvent {
        while let event = try await iterator.next() {
            if predicate(event) { return event }
        }
        Issue.record("event stream ended before the expected event", sourceLocation: sourceLocation)
        throw StreamEnded()
    }

    /// The next `.state` event.
    mutating func nextState() async throws -> FeedState {
        let event = try await next { if case .state = $0 { true } else { false } }
        guard case .state(let state) = event else { throw StreamEnded() }
        return state
    }

    /// The next `.reconnecting` state, as (attempt, delay, reason).
    mutating func nextReconnect() async throws -> (attempt: Int, delay: Duration, reason: DisconnectReason) {
        while true {
            if case .reconnecting(let attempt, let delay, let reason) = try await nextState() {
                return (attempt, delay, reason)
            }
        }
    }

    /// Drains the stream until it ends, returning the error it threw, if any.
    mutating func terminalError() async -> (any Error)? {
        do {
            while try await iterator.next() != nil {}
            return nil
        } catch {
            return error
        }
    }

    struct StreamEnded: Error {}
}

/// Decodes a SubAdd/SubRemove the client sent.
func decodeRequest(_ text: String) throws -> (action: String, subs: [String]) {
    let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    return (try #require(object["action"] as? String), try #require(object["subs"] as? [String]))
}
