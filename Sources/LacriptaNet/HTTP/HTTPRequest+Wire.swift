import Foundation

extension HTTPRequest {
    /// Header fields the transport writes itself; a caller's copy of one is dropped, not sent twice.
    static let transportOwnedHeaders: Set<String> = [
        "host", "connection", "accept-encoding", "content-length", "transfer-encoding", "te", "upgrade",
    ]

    /// The request head as sent: `GET`, `Host`, the caller's headers and credentials (sorted by
    /// name, so the bytes are reproducible), `Accept-Encoding: identity` (we do not decompress) and
    /// `Connection: close` (one request per connection, so the server's close ends the body).
    ///
    /// Throws `.invalidHeader` when a header could smuggle a second line onto the wire. The error
    /// never names the header or its value: the value may be the API key.
    func head(for target: URLTarget) throws(NetError) -> [UInt8] {
        var text = "GET \(target.requestTarget) HTTP/1.1\r\nHost: \(target.hostHeader)\r\n"
        for (name, value) in fields.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            guard Self.isToken(name), Self.isFieldValue(value) else { throw NetError(.invalidHeader) }
            guard !Self.transportOwnedHeaders.contains(name.lowercased()) else { continue }
            text += "\(name): \(value)\r\n"
        }
        text += "Accept-Encoding: identity\r\nConnection: close\r\n\r\n"
        return Array(text.utf8)
    }

    /// RFC 9110 §5.6.2 token: visible ASCII without separators.
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (0x21...0x7E).contains(byte) && !"\"(),/:;<=>?@[\\]{}".utf8.contains(byte)
            }
    }

    /// A field value without CR, LF or NUL (the bytes that would end or break the line).
    private static func isFieldValue(_ value: String) -> Bool {
        !value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
    }
}
