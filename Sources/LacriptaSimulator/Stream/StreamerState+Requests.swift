/// The replies to client messages (reference §3.1 and §7's suggested fake behaviour).
extension StreamerState {
    /// Answers one client message on socket `id`; returns a flood to start when this SubAdd
    /// triggers the benchmark mode.
    mutating func handle(_ request: StreamClientRequest, from id: Int, environment: StreamEnvironment) -> StreamFlood.Plan? {
        guard sessions[id]?.phase == .open else { return nil }
        switch request {
        case .subAdd(let subs):
            return subscribe(subs, session: id, environment: environment)
        case .subRemove(let subs):
            unsubscribe(subs, session: id, environment: environment)
        case .invalidJSON:
            send(
                StreamMessages.error("INVALID_JSON", parameter: nil, info: StreamMessages.UnrecordedInfo.invalidJSON),
                to: id, environment: environment)
        case .invalidParameter(let name):
            send(
                StreamMessages.error("INVALID_PARAMETER", parameter: name, info: StreamMessages.UnrecordedInfo.invalidParameter),
                to: id, environment: environment)
        }
        return nil
    }

    /// Per sub: snapshot then 16 SUBSCRIBECOMPLETE, or a 500; then one 3 LOADCOMPLETE.
    private mutating func subscribe(_ subs: [String], session id: Int, environment: StreamEnvironment) -> StreamFlood.Plan? {
        var added: [StreamPair] = []
        for sub in subs {
            guard let pair = StreamPair(subscription: sub), let quote = quote(for: pair, environment: environment) else {
                let info = environment.recordings.invalidSubInfo(from: StreamPair.fromSymbol(ofSubscription: sub))
                send(StreamMessages.error("INVALID_SUB", parameter: sub, info: info), to: id, environment: environment)
                continue
            }
            guard sessions[id]?.subscriptions.insert(pair).inserted == true else {
                let info = StreamMessages.UnrecordedInfo.alreadyActive
                send(StreamMessages.error("SUBSCRIPTION_ALREADY_ACTIVE", parameter: sub, info: info), to: id, environment: environment)
                continue
            }
            send(quote.snapshot(), to: id, environment: environment)
            send(StreamMessages.subscribeComplete(sub), to: id, environment: environment)
            added.append(pair)
        }
        send(StreamMessages.loadComplete(info: environment.recordings.loadCompleteInfo), to: id, environment: environment)
        return floodPlan(session: id, environment: environment)
    }

    /// Per sub: 17 UNSUBSCRIBECOMPLETE or 500 SUBSCRIPTION_UNRECOGNIZED; then one 18.
    private mutating func unsubscribe(_ subs: [String], session id: Int, environment: StreamEnvironment) {
        var valid = 0
        for sub in subs {
            if let pair = StreamPair(subscription: sub), sessions[id]?.subscriptions.remove(pair) != nil {
                send(StreamMessages.unsubscribeComplete(sub), to: id, environment: environment)
                valid += 1
            } else {
                let info = environment.recordings.unrecognizedInfo
                send(StreamMessages.error("SUBSCRIPTION_UNRECOGNIZED", parameter: sub, info: info), to: id, environment: environment)
            }
        }
        send(StreamMessages.unsubscribeAllComplete(valid: valid, invalid: subs.count - valid), to: id, environment: environment)
    }

    /// In flood mode, turns an open socket with subscriptions into a flooding one.
    private mutating func floodPlan(session id: Int, environment: StreamEnvironment) -> StreamFlood.Plan? {
        guard let count = environment.options.flood, let session = sessions[id], session.phase == .open,
            !session.subscriptions.isEmpty
        else { return nil }
        sessions[id]?.phase = .flooding
        return StreamFlood.Plan(
            sessionID: id, connection: session.connection, quotes: session.subscriptions.sorted().compactMap { quotes[$0] },
            count: count, seed: environment.seed, time: environment.nowSeconds,
            flagsAsStringProbability: environment.options.flagsAsStringProbability, walk: environment.walk)
    }
}
