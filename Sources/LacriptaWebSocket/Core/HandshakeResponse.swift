import LacriptaNet

/// Why a `101` response did not complete the upgrade (RFC 6455 §4.1, client steps 1–6).
public enum HandshakeFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The response head could not be parsed, or was too large.
    case malformedResponse
    /// `Upgrade` was missing or not "websocket".
    case missingUpgradeHeader
    /// `Connection` did not list the "upgrade" token.
    case missingConnectionUpgrade
    /// No `Sec-WebSocket-Accept` header.
    case missingAccept
    /// More than one `Sec-WebSocket-Accept` header.
    case duplicateAccept
    /// `Sec-WebSocket-Accept` did not match our key.
    case wrongAccept
    /// The server selected an extension we did not offer (we offer none, e.g. no permessage-deflate).
    case unexpectedExtension
    /// The server selected a subprotocol we did not offer.
    case unexpectedSubprotocol

    /// A short explanation without any header value.
    public var description: String {
        switch self {
        case .malformedResponse: "the response was not valid HTTP"
        case .missingUpgradeHeader: "the Upgrade header was missing or not \"websocket\""
        case .missingConnectionUpgrade: "the Connection header did not contain \"upgrade\""
        case .missingAccept: "the Sec-WebSocket-Accept header was missing"
        case .duplicateAccept: "the Sec-WebSocket-Accept header appeared more than once"
        case .wrongAccept: "the Sec-WebSocket-Accept header did not match the request key"
        case .unexpectedExtension: "the server enabled an extension that was not offered"
        case .unexpectedSubprotocol: "the server selected a subprotocol that was not offered"
        }
    }
}

extension Handshake {
    /// Checks a server's response head against the request `key`. A status other than 101 is
    /// `.upgradeRejected` carrying the status; everything else wrong is `.invalidHandshake`.
    public static func validate(response head: HTTPHead, key: String) throws(WebSocketError) {
        guard let status = head.statusCode else { throw WebSocketError(.invalidHandshake(.malformedResponse)) }
        guard status == 101 else { throw WebSocketError(.upgradeRejected, httpStatus: status) }
        let upgrade = head.values(for: "Upgrade")
        guard upgrade.count == 1, upgrade[0].lowercased() == "websocket" else {
            throw WebSocketError(.invalidHandshake(.missingUpgradeHeader))
        }
        guard head.contains(token: "upgrade", in: "Connection") else {
            throw WebSocketError(.invalidHandshake(.missingConnectionUpgrade))
        }
        let accept = head.values(for: "Sec-WebSocket-Accept")
        guard !accept.isEmpty else { throw WebSocketError(.invalidHandshake(.missingAccept)) }
        guard accept.count == 1 else { throw WebSocketError(.invalidHandshake(.duplicateAccept)) }
        guard accept[0] == acceptValue(forKey: key) else { throw WebSocketError(.invalidHandshake(.wrongAccept)) }
        guard head.values(for: "Sec-WebSocket-Extensions").allSatisfy({ $0.isEmpty }) else {
            throw WebSocketError(.invalidHandshake(.unexpectedExtension))
        }
        guard head.values(for: "Sec-WebSocket-Protocol").allSatisfy({ $0.isEmpty }) else {
            throw WebSocketError(.invalidHandshake(.unexpectedSubprotocol))
        }
    }
}
