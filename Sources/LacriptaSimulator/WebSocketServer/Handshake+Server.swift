import LacriptaWebSocket

extension Handshake {
    /// The `101 Switching Protocols` answer to a request carrying `key`: the fake server's side of
    /// the opening handshake, kept here because the shipped client never writes one.
    public static func switchingProtocolsResponse(forKey key: String) -> [UInt8] {
        Array(
            ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: \(acceptValue(forKey: key))\r\n\r\n").utf8)
    }
}
