import Foundation
import LacriptaNet

/// The opening handshake of RFC 6455 §4: keys, the accept value and the request bytes.
public enum Handshake {
    /// The GUID the server appends to the key before hashing (§1.3).
    public static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// A fresh `Sec-WebSocket-Key`: base64 of 16 random bytes from `generator` (§4.1).
    public static func randomKey(using generator: inout some RandomNumberGenerator) -> String {
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
    }

    /// A fresh `Sec-WebSocket-Key` from the system generator.
    public static func randomKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return randomKey(using: &generator)
    }

    /// base64(SHA-1(key + GUID)), the `Sec-WebSocket-Accept` a server must answer `key` with.
    public static func acceptValue(forKey key: String) -> String {
        Data(SHA1.hash(Array((key + acceptGUID).utf8))).base64EncodedString()
    }
}

/// The client's upgrade request (§4.1). The request line carries the path and query, which may
/// hold an API key, so it is never logged and errors never quote it.
public struct HandshakeRequest: Sendable {
    /// The `Host` header value: host (bracketed if IPv6), plus `:port` when not the default.
    public var hostHeader: String
    /// Path and query exactly as percent-encoded in the URL; "/" when the URL has no path.
    public var target: String
    /// The `Sec-WebSocket-Key` sent; the response must answer it.
    public var key: String
    /// Extra headers from the caller, sent after the protocol headers.
    public var headers: [(name: String, value: String)]

    /// Builds the request for `url`; `key` is injectable so tests are deterministic.
    public init(url: URL, key: String = Handshake.randomKey(), headers: [(name: String, value: String)] = []) throws(WebSocketError) {
        let endpoint = try URLTarget(url: url)
        self.hostHeader = endpoint.hostHeader
        self.target = endpoint.requestTarget
        self.key = key
        for header in headers {
            // A CR or LF would let a value inject extra headers or end the head early; protocol
            // headers are ours to set (and must never offer an extension such as deflate).
            let forbidden =
                header.name.contains(where: \.isNewline) || header.value.contains(where: \.isNewline)
                || header.name.isEmpty || header.name.contains(":")
                || Self.reservedHeaders.contains(header.name.lowercased())
            if forbidden { throw WebSocketError(.invalidHeader) }
        }
        self.headers = headers
    }

    /// Headers the client writes itself; callers may not pass them.
    static let reservedHeaders: Set<String> = [
        "host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-extensions",
        "sec-websocket-protocol", "content-length", "transfer-encoding",
    ]

    /// The request head as bytes, ending with the blank line.
    public func serialized() -> [UInt8] {
        var text = "GET \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        text += "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        for header in headers {
            text += "\(header.name): \(header.value)\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }
}
