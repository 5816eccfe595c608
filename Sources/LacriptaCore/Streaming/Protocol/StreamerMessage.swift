/// One server→client message of the CryptoCompare v2 streamer, classified by its `TYPE`.
///
/// Strings in the payloads come from the wire: sanitize them before they reach a terminal.
public enum StreamerMessage: Sendable, Equatable {
    /// TYPE 20, the first message on every connection: socket and rate-limit figures.
    case welcome(StreamerWelcome)
    /// TYPE 16: a subscription is active and its first payload was sent. `SUB` is the channel.
    case subscribeComplete(sub: String)
    /// TYPE 17: a subscription was removed.
    case unsubscribeComplete(sub: String)
    /// TYPE 18: all removals of one SubRemove are done.
    case unsubscribeAllComplete(info: String?)
    /// TYPE 3: all subscriptions of one SubAdd are loaded.
    case loadComplete(info: String?)
    /// TYPE 999: the server's keep-alive, with its clock in Unix milliseconds.
    case heartbeat(timeMilliseconds: Int64?)
    /// TYPE 401: missing or invalid API key, or no access to a channel. Unrecoverable.
    case unauthorized(ServerNotice)
    /// TYPE 429: too many sockets, subscriptions or connection attempts.
    case rateLimited(ServerNotice)
    /// TYPE 500: an invalid subscription, a forced disconnect or another server-side error.
    case serverError(ServerNotice)
    /// TYPE 5 or 2: a price snapshot or partial update.
    case update(PriceUpdate)
    /// A TYPE this client does not handle (trades, order books, ...): ignored by the feed.
    case unknown(type: String)
    /// Bytes that are not a well-formed streamer message: counted and skipped, never fatal.
    case malformed(StreamerParseFailure)

    /// Parses one WebSocket text payload (one JSON object).
    public static func parse(_ bytes: [UInt8]) -> StreamerMessage {
        bytes.withUnsafeBytes { StreamerParser().parse($0) }
    }

    /// Parses one JSON object held in `bytes`, which the caller keeps alive for the call.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> StreamerMessage {
        StreamerParser().parse(bytes)
    }
}

/// Why bytes could not be read as a streamer message.
public enum StreamerParseFailure: Error, Sendable, Equatable {
    /// No bytes at all.
    case empty
    /// The text does not start with `{` (after whitespace).
    case notAnObject
    /// The text ends in the middle of the object.
    case truncated
    /// A byte that JSON does not allow at this point, with its offset.
    case unexpectedByte(offset: Int)
    /// A malformed number starting at `offset`.
    case invalidNumber(offset: Int)
    /// A bad backslash escape in a string at `offset`.
    case invalidEscape(offset: Int)
    /// The object has no usable `TYPE`.
    case missingType
    /// A price message without `MARKET`, `FROMSYMBOL` or `TOSYMBOL`.
    case missingPair
}

extension StreamerParseFailure {
    /// The reader's failure as the streamer reports it: the same case, the same offset.
    init(_ failure: JSONReadFailure) {
        switch failure {
        case .truncated: self = .truncated
        case .unexpectedByte(let offset): self = .unexpectedByte(offset: offset)
        case .invalidNumber(let offset): self = .invalidNumber(offset: offset)
        case .invalidEscape(let offset): self = .invalidEscape(offset: offset)
        }
    }
}
