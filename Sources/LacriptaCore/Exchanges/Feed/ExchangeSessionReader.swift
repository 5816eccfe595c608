import LacriptaNet
import LacriptaWebSocket

/// One exchange connection's reader, on the connection's own thread: runs the adapter over every
/// message as it is decoded and leaves the events in the feed's hand-over, with no task or actor
/// between the socket and the parser (the hot path of `compare`, hundreds of quotes a second).
///
/// It counts what it read, notes refused pairs, sends what the adapter asks, and reports the
/// end of the session once: the exchange asked for a new connection, refused every pair, or the
/// connection ended.
final class ExchangeSessionReader: WebSocketReceiver, @unchecked Sendable {
    // @unchecked: `adapter` and `scratch` are touched only by `receive`, which the connection
    // calls from its thread one batch at a time; everything shared is behind a lock.
    private var adapter: any ExchangeAdapter
    private var scratch: [ExchangeEvent] = []
    private let pairs: [TradingPair]
    private let handover: QuoteHandover<QuoteKey, ExchangeFeedEvent>
    private let shared: Locked<ExchangeFeedShared>
    private let connection: any WebSocketConnection
    private let clock: FeedClock
    /// When anything last arrived, for the watchdog; and the session's end, said once.
    private let heard = Locked((at: Duration.zero, count: 0))
    private let endSignal: AsyncStream<ExchangeSessionEnd>.Continuation
    /// The session's end, as the first thing that ended it saw it.
    let ends: AsyncStream<ExchangeSessionEnd>

    init(
        adapter: any ExchangeAdapter, pairs: [TradingPair], handover: QuoteHandover<QuoteKey, ExchangeFeedEvent>,
        shared: Locked<ExchangeFeedShared>, connection: any WebSocketConnection, clock: FeedClock
    ) {
        self.adapter = adapter
        self.pairs = pairs
        self.handover = handover
        self.shared = shared
        self.connection = connection
        self.clock = clock
        (ends, endSignal) = AsyncStream.makeStream(of: ExchangeSessionEnd.self, bufferingPolicy: .bufferingOldest(1))
    }

    /// When anything last arrived on this connection, and how many reads brought something (0:
    /// nothing yet), so the watch can tell a new arrival from one it has seen.
    var lastHeard: (at: Duration, count: Int) {
        heard.withLock { $0 }
    }

    func receive(_ batch: WebSocketMessageBatch) {
        let now = clock.now()
        heard.withLock { $0 = (now, $0.count &+ 1) }
        var reported: [ExchangeFeedEvent] = []
        reported.reserveCapacity(batch.count)
        var sends: [String] = []
        var end: ExchangeSessionEnd?
        var counts = ExchangeFeedStatistics()
        var refusedNow: [TradingPair] = []
        batch.withUnsafePayloads { bytes in
            for index in batch.indices {
                counts.messages += 1
                scratch.removeAll(keepingCapacity: true)
                if batch.kind(at: index) == .text {
                    adapter.receive(UnsafeRawBufferPointer(rebasing: bytes[batch.payloadRange(at: index)]), into: &scratch)
                } else {
                    scratch.append(.malformed)
                }
                for event in scratch {
                    switch event {
                    case .send(let text):
                        sends.append(text)
                        continue
                    case .quote:
                        counts.quotes += 1
                    case .malformed:
                        counts.malformed += 1
                    case .reconnect:
                        end = end ?? .ended(.forceDisconnect)
                    case .notListed(let pair, _, _):
                        // A refusal that names no pair can only mean this connection's one pair.
                        if let pair = pair ?? (adapter.pairs.count == 1 ? adapter.pairs[0] : nil) { refusedNow.append(pair) }
                    case .subscribed, .heartbeat, .maintenance, .error, .ignored:
                        break
                    }
                    reported.append(.message(event))
                }
            }
        }
        let everythingRefused = shared.withLock { state -> Bool in
            state.statistics.messages += counts.messages
            state.statistics.quotes += counts.quotes
            state.statistics.malformed += counts.malformed
            state.refused.formUnion(refusedNow)
            return !refusedNow.isEmpty && pairs.allSatisfy { state.refused.contains($0) }
        }
        if everythingRefused { end = .everythingRefused }
        handover.put(reported, key: ExchangeFeedEvent.quoteKey)
        if !sends.isEmpty {
            // Rare (Bitfinex after maintenance); one task keeps them in order. A failed send means
            // the connection is going down, which ends the session anyway.
            let connection = connection
            Task {
                for text in sends { try? await connection.send(.text(text)) }
            }
        }
        if let end { endSignal.yield(end) }
    }

    func ended(_ error: (any Error)?) {
        endSignal.yield(.ended(error == nil ? .closedByServer : .connectionLost))
    }
}
