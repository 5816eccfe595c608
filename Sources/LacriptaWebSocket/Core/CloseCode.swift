/// A close status code (RFC 6455 §7.4) as sent in the first two bytes of a Close frame.
///
/// A struct rather than an enum because peers may send any code in 3000–4999 (registered and
/// private codes) and we must be able to carry and echo them.
public struct CloseCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code as it appears on the wire (big-endian there, native here).
    public var rawValue: UInt16

    /// Wraps a raw code; no validation (see `isValidOnWire`).
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Wraps a raw code; no validation (see `isValidOnWire`).
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    /// 1000: the purpose of the connection has been fulfilled.
    public static let normalClosure = CloseCode(1000)
    /// 1001: the endpoint is going away (shutdown, navigation, user quit).
    public static let goingAway = CloseCode(1001)
    /// 1002: the peer broke the protocol.
    public static let protocolError = CloseCode(1002)
    /// 1003: a data type the endpoint cannot accept.
    public static let unsupportedData = CloseCode(1003)
    /// 1005: no code was present in the Close frame. Never sent on the wire.
    public static let noStatusReceived = CloseCode(1005)
    /// 1006: the connection dropped without a Close frame. Never sent on the wire.
    public static let abnormalClosure = CloseCode(1006)
    /// 1007: a text message (or close reason) was not valid UTF-8.
    public static let invalidFramePayloadData = CloseCode(1007)
    /// 1008: a generic policy violation.
    public static let policyViolation = CloseCode(1008)
    /// 1009: a message exceeded the configured maximum size.
    public static let messageTooBig = CloseCode(1009)
    /// 1010: the client needed an extension the server did not negotiate.
    public static let mandatoryExtension = CloseCode(1010)
    /// 1011: the server hit an unexpected condition.
    public static let internalServerError = CloseCode(1011)
    /// 1015: the TLS handshake failed. Never sent on the wire.
    public static let tlsHandshakeFailure = CloseCode(1015)

    /// Whether a peer may legitimately put this code in a Close frame (§7.4.1, §7.4.2 and the
    /// IANA registry as tested by Autobahn 7.7/7.9): 1000–1003, 1007–1014 and 3000–4999.
    public var isValidOnWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    /// `1000 (normal closure)` style, for logs and error messages.
    public var description: String {
        let name: String? =
            switch rawValue {
            case 1000: "normal closure"
            case 1001: "going away"
            case 1002: "protocol error"
            case 1003: "unsupported data"
            case 1005: "no status"
            case 1006: "abnormal closure"
            case 1007: "invalid payload data"
            case 1008: "policy violation"
            case 1009: "message too big"
            case 1010: "mandatory extension"
            case 1011: "internal server error"
            case 1015: "TLS handshake failure"
            default: nil
            }
        return name.map { "\(rawValue) (\($0))" } ?? "\(rawValue)"
    }
}
