import Foundation
import LacriptaWebSocket

/// The timed work: each exchange's updates at its own rate, the heartbeats, and the closes that
/// follow a maintenance notice.
extension ExchangeFeedState {
    /// Most overdue updates sent in one go per exchange; after a stall the rest are skipped.
    private static let catchUpLimit = 64
    /// The stand-in period of a heartbeat forced on an exchange configured without one.
    private static let unscheduled = Duration.seconds(3600)

    /// Does everything due at `instant`; returns when to come back (nil: only when woken).
    mutating func performDueWork(at instant: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        var next: ContinuousClock.Instant?
        func consider(_ candidate: ContinuousClock.Instant?) {
            guard let candidate else { return }
            next = next.map { min($0, candidate) } ?? candidate
        }
        for exchange in SimulatedExchange.allCases { consider(tickIfDue(exchange, at: instant)) }
        for id in sessions.keys.sorted() {
            consider(heartbeat(id, at: instant, force: false))
            if let session = sessions[id], session.phase == .closing, let closeAt = session.closeAt {
                if closeAt <= instant {
                    session.connection.sendClose(code: .goingAway, reason: "reconnect")
                    sessions[id]?.phase = .ended
                } else {
                    consider(closeAt)
                }
            }
        }
        return next
    }

    /// Sends `exchange`'s updates due by `instant`; returns when the next is due.
    private mutating func tickIfDue(_ exchange: SimulatedExchange, at instant: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        let count = activePairs(on: exchange).count
        let rate = rates[exchange] ?? 0
        guard count > 0, rate > 0, !stopped else {
            nextTick[exchange] = nil
            return nil
        }
        let interval = Duration.seconds(1 / (rate * Double(count)))
        var due = nextTick[exchange] ?? instant + interval
        var sent = 0
        while due <= instant, sent < Self.catchUpLimit {
            publishUpdate(on: exchange, at: instant)
            due += interval
            sent += 1
        }
        if due <= instant { due = instant + interval }
        nextTick[exchange] = due
        return due
    }

    /// One update on `exchange`: the next followed pair in turn moves with the market, and every
    /// open socket following it gets the exchange's messages (a cut copy first, now and then, under
    /// the `malformed` fault).
    mutating func publishUpdate(on exchange: SimulatedExchange, at instant: ContinuousClock.Instant) {
        let pairs = activePairs(on: exchange)
        guard !pairs.isEmpty else { return }
        let position = turn[exchange, default: 0]
        turn[exchange] = position + 1
        let pair = pairs[position % pairs.count]
        if let step = options.marketStep {
            market.advance(pair, to: Int(startedAt.duration(to: instant) / step))
        } else {
            market.advance(pair)
        }
        guard var book = book(pair, on: exchange), let touch = market.touch(of: pair, on: exchange) else { return }
        book.update(touch: touch)
        books[exchange]?[pair] = book
        let now = self.now
        log.sent(exchange.wire.sentQuote(book, snapshot: false, now: now))
        let spacing = (faults[exchange] ?? []).compactMap { fault -> Int? in
            if case .malformed(let every) = fault { return every }
            return nil
        }.first
        let gap = (faults[exchange] ?? []).compactMap { fault -> Int? in
            if case .gap(let every) = fault { return every }
            return nil
        }.first
        for id in sessionIDs(on: exchange) {
            guard var session = sessions[id], session.talks, session.follows(pair) else { continue }
            var messages = exchange.wire.update(book, session: &session, now: now)
            guard let first = messages.first else { continue }
            session.updatesSent += 1
            if let spacing, session.updatesSent % spacing == 0 { messages.insert(Self.cut(first), at: 0) }
            // The next update skips a sequence number (a wire that has one: CEX.IO's `seqId`).
            if let gap, session.updatesSent % gap == 0 { session.skipsNextSequence = true }
            sessions[id] = session
            send(messages, to: id, at: instant)
        }
    }

    /// The first half of `text`: JSON cut off mid-value, which no parser may take for a message.
    static func cut(_ text: String) -> String {
        String(decoding: Array(text.utf8.prefix(max(1, text.utf8.count / 2))), as: UTF8.self)
    }

    /// Sends socket `id`'s heartbeats that are due (all of them with `force`); returns when the
    /// next is due. Kraken: `heartbeat` after a quiet interval once subscribed; Coinbase: one
    /// `heartbeat` per product on that channel every interval; Bitfinex: `hb` on each channel every
    /// interval (15 s, measured 14,997–15,003 ms), counted from its subscribe; Bitstamp, Binance,
    /// Binance.US and Gemini: a WebSocket ping every interval.
    mutating func heartbeat(_ id: Int, at instant: ContinuousClock.Instant, force: Bool) -> ContinuousClock.Instant? {
        guard var session = sessions[id], session.talks else { return nil }
        // Without a period only a forced heartbeat goes out, and none is scheduled after it.
        guard let period = options.heartbeatIntervals[session.exchange] ?? (force ? Self.unscheduled : nil) else { return nil }
        let interval = period
        var texts: [String] = []
        var next: ContinuousClock.Instant?
        switch session.exchange {
        case .okx, .cex:
            // OKX's and CEX.IO's servers beat not at all: their clients ping.
            return nil
        case .kraken:
            guard !session.pairs.isEmpty else { return nil }
            if force || session.lastSentAt + interval <= instant {
                texts.append(KrakenWire.heartbeat)
                next = instant + interval
            } else {
                next = session.lastSentAt + interval
            }
        case .coinbase, .bitstamp, .binance, .binanceus, .gemini:
            let due = session.nextHeartbeat ?? instant + interval
            if force || due <= instant {
                if session.exchange != .coinbase {
                    session.connection.sendPing(Array("lacripta-sim".utf8))
                } else {
                    texts = session.heartbeatPairs.compactMap { pair in book(pair, on: .coinbase).map { CoinbaseWire.heartbeat($0, now: now) } }
                }
                session.nextHeartbeat = instant + interval
            } else {
                session.nextHeartbeat = due
            }
            next = session.nextHeartbeat
        case .bitfinex:
            for channel in session.channels {
                let last = session.channelBeats[channel.id] ?? instant
                if force || last + interval <= instant {
                    texts.append(BitfinexWire.heartbeat(channel: channel.id))
                    session.channelBeats[channel.id] = instant
                } else {
                    session.channelBeats[channel.id] = last
                }
                let due = (session.channelBeats[channel.id] ?? instant) + interval
                next = next.map { min($0, due) } ?? due
            }
        }
        sessions[id] = session
        send(texts, to: id, at: instant)
        if session.exchange == .kraken, !texts.isEmpty { next = instant + interval }
        return options.heartbeatIntervals[session.exchange] == nil ? nil : next
    }
}
