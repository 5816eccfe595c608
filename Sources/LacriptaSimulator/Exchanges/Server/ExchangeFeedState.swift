import Foundation
import LacriptaWebSocket

/// Everything mutable behind the simulated exchanges, under one lock: the shared market, each
/// exchange's books, the sockets, the faults and rates, and the log. One market for all sockets
/// means a reconnecting client continues where it left off.
struct ExchangeFeedState: Sendable {
    let options: ExchangeFeeds.Options
    let seed: UInt64
    let startedAt: ContinuousClock.Instant
    var market: ExchangeMarket
    var books: [SimulatedExchange: [ExchangePair: ExchangeBook]] = [:]
    var sessions: [Int: ExchangeSession] = [:]
    var nextSessionID = 1
    var faults: [SimulatedExchange: [ExchangeFault]]
    var rates: [SimulatedExchange: Double]
    var nextTick: [SimulatedExchange: ContinuousClock.Instant] = [:]
    /// Round-robin position over each exchange's followed pairs.
    var turn: [SimulatedExchange: Int] = [:]
    var log = ExchangeFeedLog()
    var stopped = false

    init(options: ExchangeFeeds.Options, seed: UInt64, openingPrices: [ExchangePair: Double], startedAt: ContinuousClock.Instant) {
        self.options = options
        self.seed = seed
        self.startedAt = startedAt
        market = ExchangeMarket(seed: seed, openingPrices: openingPrices)
        faults = Dictionary(uniqueKeysWithValues: SimulatedExchange.allCases.map { ($0, options.faults(for: $0)) })
        rates = Dictionary(uniqueKeysWithValues: SimulatedExchange.allCases.map { ($0, options.updatesPerSecond(for: $0)) })
    }

    /// The wall clock, for the time stamps in messages.
    var now: Date { options.now() }

    /// Whether `exchange` lists `pair` now: the listing, minus `unlisted` faults.
    func isListed(_ pair: ExchangePair, on exchange: SimulatedExchange) -> Bool {
        ExchangeListing.lists(pair, on: exchange) && !(faults[exchange] ?? []).contains(.unlisted(pair))
    }

    /// `exchange`'s current book of `pair`, opened at the market's touch on first use.
    mutating func book(_ pair: ExchangePair, on exchange: SimulatedExchange) -> ExchangeBook? {
        if let book = books[exchange]?[pair] { return book }
        guard let open = market.openingPrices[pair], let touch = market.touch(of: pair, on: exchange) else { return nil }
        let book = ExchangeBook(exchange: exchange, pair: pair, open: open, touch: touch, seed: seed)
        books[exchange, default: [:]][pair] = book
        return book
    }

    /// Pairs that an open socket of `exchange` follows, in a fixed order.
    func activePairs(on exchange: SimulatedExchange) -> [ExchangePair] {
        Set(sessions.values.filter { $0.exchange == exchange && $0.talks }.flatMap(\.pairs)).sorted()
    }

    /// Session ids of `exchange` (or every exchange), in connect order.
    func sessionIDs(on exchange: SimulatedExchange?) -> [Int] {
        sessions.keys.sorted().filter { id in exchange.map { sessions[id]?.exchange == $0 } ?? true }
    }

    // MARK: - Sockets

    /// Registers a new socket, sends its greeting and applies faults that fire at once.
    mutating func admit(_ exchange: SimulatedExchange, connection: WebSocketServerConnection, at instant: ContinuousClock.Instant) -> Int {
        let id = nextSessionID
        nextSessionID += 1
        var session = ExchangeSession(id: id, exchange: exchange, connection: connection, at: instant, seed: seed)
        if [.coinbase, .bitstamp, .binance, .binanceus, .gemini].contains(exchange) {
            session.nextHeartbeat = options.heartbeatIntervals[exchange].map { instant + $0 }
        }
        let greeting = exchange.wire.greeting(session: &session, state: &self)
        sessions[id] = session
        applyCountedFaults(to: id, at: instant)
        send(greeting, to: id, at: instant)
        return id
    }

    /// Logs and answers one client text message.
    mutating func receive(_ text: String, from id: Int, at instant: ContinuousClock.Instant) {
        guard var session = sessions[id] else { return }
        log.received(text, on: session.exchange, connection: id)
        guard session.talks else { return }
        let replies = session.exchange.wire.answer(text, session: &session, state: &self)
        for channel in session.channels where session.channelBeats[channel.id] == nil { session.channelBeats[channel.id] = instant }
        sessions[id] = session
        send(replies, to: id, at: instant)
        if session.closesAfterReplies, sessions[id]?.phase == .open {
            session.connection.sendClose(code: .normalClosure, reason: "")
            sessions[id]?.phase = .ended
        }
    }

    /// Sends texts to socket `id` while it talks, counting them and applying counted faults.
    mutating func send(_ texts: [String], to id: Int, at instant: ContinuousClock.Instant) {
        for text in texts {
            guard var session = sessions[id], session.talks else { return }
            session.connection.send(text: text)
            session.messagesSent += 1
            session.messagesSinceFaults += 1
            session.lastSentAt = instant
            sessions[id] = session
            applyCountedFaults(to: id, at: instant)
        }
    }

    /// Drop, silence or maintenance once enough messages went out since the faults were set.
    mutating func applyCountedFaults(to id: Int, at instant: ContinuousClock.Instant) {
        guard let session = sessions[id], session.talks else { return }
        for fault in faults[session.exchange] ?? [] {
            switch fault {
            case .drop(let count) where session.messagesSinceFaults >= count: return drop(id)
            case .silence(let count) where session.messagesSinceFaults >= count: return silence(id)
            case .maintenance(let count) where session.messagesSinceFaults >= count: return maintenance(id, at: instant)
            default: continue
            }
        }
    }

    /// Closes TCP without a WebSocket Close.
    mutating func drop(_ id: Int) {
        guard sessions[id]?.phase != .ended else { return }
        sessions[id]?.connection.closeTCP()
        sessions[id]?.phase = .ended
    }

    /// Stops sending and answering, TCP left open.
    mutating func silence(_ id: Int) {
        guard let session = sessions[id], session.phase == .open else { return }
        session.connection.goSilent()
        sessions[id]?.phase = .silent
    }

    /// The exchange's "please reconnect" notice, then a Close 1001 after the grace period;
    /// Coinbase, which has no notice, closes with 1001 at once.
    mutating func maintenance(_ id: Int, at instant: ContinuousClock.Instant) {
        guard let session = sessions[id], session.phase == .open else { return }
        guard let notice = session.exchange.wire.maintenanceNotice else {
            session.connection.sendClose(code: .goingAway, reason: "maintenance")
            sessions[id]?.phase = .ended
            return
        }
        session.connection.send(text: notice)
        sessions[id]?.messagesSent += 1
        sessions[id]?.phase = .closing
        let grace = options.reconnectGrace
        sessions[id]?.closeAt = instant + grace
    }

    /// Replaces `exchange`'s faults; counted ones count from now on its open sockets.
    mutating func setFaults(_ newFaults: [ExchangeFault], for exchange: SimulatedExchange, at instant: ContinuousClock.Instant) {
        faults[exchange] = newFaults
        for id in sessionIDs(on: exchange) {
            sessions[id]?.messagesSinceFaults = 0
            applyCountedFaults(to: id, at: instant)
        }
    }

    /// Forgets a socket whose TCP connection ended.
    mutating func remove(_ id: Int) {
        sessions.removeValue(forKey: id)
    }
}
