/// What one inbound text message of an exchange feed means to the client.
///
/// Some events are actions for the connection's driver (`send`, `reconnect`); the adapters only
/// return them and never perform them. Strings in the payloads come from the wire: sanitize them
/// before they reach a terminal.
public enum ExchangeEvent: Sendable, Equatable {
    /// A new quote for a subscribed pair, with whatever figures the exchange has sent so far.
    case quote(ExchangeQuote)
    /// The exchange confirmed the subscription for `pair` (data may still take a while: Bitstamp
    /// sends no book until it changes).
    case subscribed(TradingPair)
    /// Proof of life without data: a heartbeat or the answer to an application ping.
    case heartbeat
    /// Text the client must send now, in order (Bitfinex wants every channel resubscribed when
    /// its maintenance ends).
    case send(String)
    /// The exchange refused the subscription because it does not list the symbol. `pair` is the
    /// subscribed pair the symbol belongs to, when it can be told; `symbol` is the exchange's
    /// spelling as reported (may be empty).
    case notListed(pair: TradingPair?, symbol: String, message: String)
    /// The exchange asks the client to open a new connection and subscribe again.
    case reconnect(ReconnectReason)
    /// The exchange entered or left maintenance; the connection stays open, data pauses.
    case maintenance(MaintenancePhase)
    /// An error reported by the exchange that neither refuses a pair nor ends the connection.
    case error(message: String)
    /// A well-formed message that needs nothing (status, info, unsubscribe acks, other channels).
    case ignored
    /// Bytes that are not a message of this exchange's protocol: count them and carry on.
    case malformed
}

/// Why an exchange asks for a new connection.
public enum ReconnectReason: Sendable, Equatable {
    /// The server is about to close this socket (Bitstamp `bts:request_reconnect`, Bitfinex 20051).
    case requested
    /// The engine is going into maintenance (Kraken `status` with `system:"maintenance"`).
    case maintenance
}

/// The edges of an exchange's maintenance window as the feed announces them.
public enum MaintenancePhase: Sendable, Equatable {
    /// Data stops until `ended` (Bitfinex 20060, or `platform.status` 0 on connect).
    case started
    /// Data resumes (Bitfinex 20061).
    case ended
}
