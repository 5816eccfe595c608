/// Which end of the connection a codec works for; it decides masking in both directions (§5.1).
public enum WebSocketRole: Sendable, Hashable {
    /// Masks what it sends; rejects masked frames it receives.
    case client
    /// Sends unmasked frames; rejects unmasked frames it receives.
    case server
}
