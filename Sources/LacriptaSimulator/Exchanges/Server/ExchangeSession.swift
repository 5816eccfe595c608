import LacriptaWebSocket

/// One client socket of a simulated exchange: what it follows, in that exchange's terms, and
/// what it was sent. Lives in the feeds' locked state; every method runs under that lock, which
/// keeps each socket's messages in order whichever thread produced them.
struct ExchangeSession: Sendable {
    /// What the socket is doing.
    enum Phase: Sendable, Equatable {
        /// Receiving answers, updates and heartbeats.
        case open
        /// Hung on purpose: nothing is sent, TCP stays open.
        case silent
        /// A maintenance notice went out; updates stopped, the close follows at `closeAt`.
        case closing
        /// Dropped or closed by the simulator, TCP not yet gone.
        case ended
    }

    /// The simulator's id for the socket (1, 2, … across all exchanges, in connect order).
    let id: Int
    let exchange: SimulatedExchange
    let connection: WebSocketServerConnection
    var phase = Phase.open
    /// Followed pairs (with at least one data channel), in subscribe order.
    var pairs: [ExchangePair] = []
    /// Coinbase: products on the `heartbeat` channel.
    var heartbeatPairs: [ExchangePair] = []
    /// Bitstamp: pairs whose `order_book_*` and `live_trades_*` channels are subscribed.
    var bookPairs: Set<ExchangePair> = []
    var tradePairs: Set<ExchangePair> = []
    /// Bitfinex: channel ids of this socket's tickers.
    var channels: [(id: Int64, pair: ExchangePair)] = []
    /// Bitfinex: when each channel was subscribed or last sent `hb` (every 15 s).
    var channelBeats: [Int64: ContinuousClock.Instant] = [:]
    /// Text messages sent so far.
    var messagesSent = 0
    /// Messages sent since the socket opened or the exchange's faults last changed.
    var messagesSinceFaults = 0
    /// Updates sent (for the malformed spacing).
    var updatesSent = 0
    /// When the last message went out (Kraken's heartbeat comes after a quiet second).
    var lastSentAt: ContinuousClock.Instant
    /// When the next timed heartbeat (Coinbase) or WebSocket ping (Bitstamp) is due.
    var nextHeartbeat: ContinuousClock.Instant?
    /// When a socket in `closing` is closed.
    var closeAt: ContinuousClock.Instant?
    /// The socket's generator (Bitfinex channel ids, Kraken's connection id).
    var random: StreamRandom
    /// CEX.IO: each followed pair's `seqId` and the levels last sent, so increments carry changes.
    var bookSequences: [ExchangePair: Int64] = [:]
    var sentLevels: [ExchangePair: CEXWire.Levels] = [:]
    /// CEX.IO under the `gap` fault: the next increment skips a `seqId`.
    var skipsNextSequence = false
    /// The socket closes (1000) once the replies to the current message are out: CEX.IO's answer
    /// to a malformed request.
    var closesAfterReplies = false

    init(id: Int, exchange: SimulatedExchange, connection: WebSocketServerConnection, at instant: ContinuousClock.Instant, seed: UInt64) {
        self.id = id
        self.exchange = exchange
        self.connection = connection
        lastSentAt = instant
        random = StreamRandom.derived(from: seed, purpose: 10_000 + UInt64(id))
    }

    /// Whether updates, heartbeats and answers still go out.
    var talks: Bool { phase == .open }

    /// Whether the socket follows `pair` on some data channel.
    func follows(_ pair: ExchangePair) -> Bool { pairs.contains(pair) }

    /// Adds `pair` to the followed pairs once.
    mutating func follow(_ pair: ExchangePair) {
        if !pairs.contains(pair) { pairs.append(pair) }
    }

    /// The public snapshot.
    var info: ExchangeConnectionInfo {
        ExchangeConnectionInfo(
            id: id, exchange: exchange, pairs: pairs, messagesSent: messagesSent,
            state: phase == .open ? .open : phase == .silent ? .silent : .ended)
    }
}

/// A snapshot of one simulated exchange socket, for tests.
public struct ExchangeConnectionInfo: Sendable, Equatable {
    /// What the socket is doing.
    public enum State: Sendable, Equatable {
        /// Receiving answers and updates.
        case open
        /// Hung on purpose (the `silence` fault).
        case silent
        /// Dropped, closed or closing by the simulator.
        case ended
    }

    /// The simulator's id for the socket.
    public let id: Int
    /// Which exchange it connected to.
    public let exchange: SimulatedExchange
    /// The pairs it follows, in subscribe order.
    public let pairs: [ExchangePair]
    /// Text messages sent on it so far.
    public let messagesSent: Int
    /// See `State`.
    public let state: State
}
