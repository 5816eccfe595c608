/// Everything mutable in the streamer, kept behind one lock: the market shared by all sockets,
/// the sockets, and the walk's generator. One market means a reconnecting client continues where
/// it left off instead of jumping back to the opening prices.
struct StreamerState: Sendable {
    /// Current quotes of every pair anyone has subscribed to.
    var quotes: [StreamPair: PairQuote] = [:]
    /// The walk's generator (also decides FLAGS-as-string).
    var random: StreamRandom
    /// Generator for socket ids, apart so connects do not shift the walk.
    var socketIDs: StreamRandom
    /// Live sockets by id.
    var sessions: [Int: StreamSession] = [:]
    /// The id the next socket gets.
    var nextSessionID = 1
    /// Sockets accepted since start (welcomed ones only).
    var socketsOpened = 0
    /// Sockets still to be refused with 429 TOO_MANY_SOCKETS (`refuseNextSockets`).
    var refuseNext = 0
    /// Messages sent on sockets that are gone.
    var retiredMessages = 0
    /// Updates per second per pair; changed at run time by `setTicksPerSecond`.
    var ticksPerSecond: Double
    /// When the next random-walk update is due; nil while nothing is subscribed.
    var nextTick: ContinuousClock.Instant?
    /// Set once by `stop()`.
    var stopped = false

    /// Creates the state for `environment`.
    init(environment: StreamEnvironment) {
        random = StreamRandom.derived(from: environment.seed, purpose: 1)
        socketIDs = StreamRandom.derived(from: environment.seed, purpose: 2)
        ticksPerSecond = environment.options.ticksPerSecond
    }

    /// Sockets that count against `maxSockets` (not yet dropped or closed by us).
    var activeSocketCount: Int { sessions.values.filter { $0.phase != .ended }.count }

    /// Messages sent on every socket since start.
    var totalMessagesSent: Int { retiredMessages + sessions.values.reduce(0) { $0 + $1.messagesSent } }

    /// The current quote of `pair`, created from the catalog on first use; nil if unknown.
    mutating func quote(for pair: StreamPair, environment: StreamEnvironment) -> PairQuote? {
        if let quote = quotes[pair] { return quote }
        let quote = environment.catalog.openingQuote(for: pair, time: environment.nowSeconds)
        quotes[pair] = quote
        return quote
    }

    /// Sends `message` to socket `id` (if it still talks), applying the configured faults.
    mutating func send(_ message: JSONValue, to id: Int, environment: StreamEnvironment) {
        send(text: message.serializedString(), to: id, environment: environment)
    }

    /// Sends raw text to socket `id` (if it still talks), applying the configured faults.
    mutating func send(text: String, to id: Int, environment: StreamEnvironment) {
        sessions[id]?.send(text, faults: environment.options.faults, forceDisconnectText: environment.recordings.forceDisconnect)
    }

    /// Forgets a socket whose TCP connection ended.
    mutating func remove(_ id: Int) {
        guard let session = sessions.removeValue(forKey: id) else { return }
        retiredMessages += session.messagesSent
    }
}
