import LacriptaWebSocket

/// The benchmark mode (`--flood N`): N partial updates written as fast as the socket takes them.
///
/// A thousand distinct update frames are encoded once and cut into batches of about 256 KB;
/// the batches are then written over and over with `sendRaw`, so no JSON is built and no frame
/// is encoded per message, and the client, not the simulator, is the bottleneck. After each batch
/// a ping goes out; at most `window` batches may be unanswered, which keeps the server's outbound
/// buffer small however slow the client reads (pong pacing: every RFC 6455 client answers pings).
/// Prices restart from the first frame's after each pass over the buffer; a benchmark does not care.
struct StreamFlood: Sendable {
    /// What a flood needs, taken from the streamer's state when the SubAdd arrived.
    struct Plan: Sendable {
        /// The socket's id in the streamer.
        var sessionID: Int
        /// The socket.
        var connection: WebSocketServerConnection
        /// The subscribed pairs' quotes right after their snapshots.
        var quotes: [PairQuote]
        /// Updates to send in total.
        var count: Int
        /// The streamer's seed (the flood frames derive their own generator from it).
        var seed: UInt64
        /// LASTUPDATE of the flood's updates.
        var time: Int
        /// See `CryptoCompareStreamer.Options.flagsAsStringProbability`.
        var flagsAsStringProbability: Double
        /// The walk tunables.
        var walk: PairQuote.Walk
    }

    /// A run of whole encoded frames.
    struct Batch: Sendable {
        /// The frames' wire bytes, back to back.
        var bytes: [UInt8] = []
        /// Where each frame ends in `bytes`.
        var frameEnds: [Int] = []
    }

    /// Distinct update frames built once. They are built between the SubAdd and the first flood
    /// frame, so the client waits for them: 1,024 (about two batches) take a few milliseconds,
    /// where 4,096 made every benchmark run start with a pause of over 100 ms.
    static let distinctFrames = 1024
    /// Approximate size of one raw write.
    static let batchBytes = 256 * 1024
    /// Batches in flight before waiting for a pong.
    static let window = 4
    /// How long to wait for a pong before giving up on the client.
    static let pongTimeout = Duration.seconds(30)

    /// The pre-encoded batches for `plan` (deterministic for its seed).
    static func batches(for plan: Plan) -> [Batch] {
        var random = StreamRandom.derived(from: plan.seed, purpose: 3)
        var quotes = plan.quotes
        guard !quotes.isEmpty else { return [] }
        var batches: [Batch] = []
        var current = Batch()
        current.bytes.reserveCapacity(batchBytes + 1024)
        for _ in 0..<distinctFrames {
            let index = Int.random(in: 0..<quotes.count, using: &random)
            let fields = quotes[index].step(at: plan.time, using: &random, walk: plan.walk)
            let asString = random.chance(plan.flagsAsStringProbability)
            let payload = quotes[index].update(fields: fields, flagsAsString: asString).serialized()
            FrameEncoder.encode(Frame(opcode: .text, payload: payload), maskingKey: nil, into: &current.bytes)
            current.frameEnds.append(current.bytes.count)
            if current.bytes.count >= batchBytes {
                batches.append(current)
                current = Batch()
                current.bytes.reserveCapacity(batchBytes + 1024)
            }
        }
        if !current.frameEnds.isEmpty { batches.append(current) }
        return batches
    }

    /// Writes the flood, then a Close 1000. `shouldContinue` is asked before every batch (a test
    /// may drop or silence the socket meanwhile); `sent` reports progress for the message count.
    static func run(_ plan: Plan, shouldContinue: @Sendable () -> Bool, sent: @Sendable (Int) -> Void) async -> Bool {
        let batches = batches(for: plan)
        guard !batches.isEmpty else { return false }
        var remaining = plan.count
        var index = 0
        var sequence = 0
        var acknowledged = 0
        while remaining > 0 {
            guard shouldContinue() else { return false }
            let batch = batches[index % batches.count]
            index += 1
            let take = min(batch.frameEnds.count, remaining)
            plan.connection.sendRaw(take == batch.frameEnds.count ? batch.bytes : Array(batch.bytes[0..<batch.frameEnds[take - 1]]))
            remaining -= take
            sent(take)
            sequence += 1
            plan.connection.sendPing(Array("flood \(sequence)".utf8))
            while sequence - acknowledged >= window {
                guard let answered = await nextPong(on: plan.connection) else { return false }
                acknowledged = max(acknowledged, answered)
            }
        }
        return shouldContinue()
    }

    /// The sequence number of the next flood pong, or nil when the client closed, left or stalled.
    private static func nextPong(on connection: WebSocketServerConnection) async -> Int? {
        while let frame = await connection.nextFrame(timeout: pongTimeout) {
            switch frame.opcode {
            case .pong:
                let text = String(decoding: frame.payload, as: UTF8.self)
                if text.hasPrefix("flood "), let number = Int(text.dropFirst(6)) { return number }
            case .close:
                return nil
            default:
                continue
            }
        }
        return nil
    }
}
