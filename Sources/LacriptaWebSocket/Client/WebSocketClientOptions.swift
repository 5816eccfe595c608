/// Tunables of the native client; the defaults suit a CLI talking to a public streamer.
public struct WebSocketClientOptions: Sendable {
    /// Longest wait for the TCP connection (all resolved addresses together).
    public var connectTimeout: Duration
    /// Longest wait for TLS plus the HTTP upgrade once TCP is connected.
    public var handshakeTimeout: Duration
    /// Longest wait for the peer's Close reply and its TCP close after a Close was sent or echoed.
    public var closeTimeout: Duration
    /// Largest message (and frame) accepted; larger ones fail the connection with 1009.
    public var maxMessageSize: Int
    /// A PEM CA bundle trusted in addition to the system trust store (e.g. from LACRIPTA_CA_FILE).
    public var caFile: String?
    /// How many bytes of received messages may wait for the consumer before the connection stops
    /// reading from the socket (TCP flow control then slows the server down). Bounds memory when
    /// the consumer is slower than the network.
    public var receiveWindow: Int
    /// The shortest time between two reads of the socket while messages keep coming, or nil to
    /// read as soon as bytes arrive. A consumer that only draws (at most 20 frames a second) does
    /// not need each message the moment it lands: with 50 ms, what arrives in between waits in
    /// the kernel and comes in one read and one batch, so the I/O thread and the consumer wake
    /// about 20 times a second instead of once per message. Messages are late by at most this;
    /// none is lost, and pings are answered that much later.
    public var readInterval: Duration?
    /// The `User-Agent` sent with every upgrade unless the caller passes its own, so a server
    /// (and its operator) can tell who is connecting, as every REST request does.
    public var userAgent: String?

    /// Creates options; every parameter has the production default.
    public init(
        connectTimeout: Duration = .seconds(10),
        handshakeTimeout: Duration = .seconds(10),
        closeTimeout: Duration = .seconds(5),
        maxMessageSize: Int = 4 << 20,
        caFile: String? = nil,
        receiveWindow: Int = 1 << 20,
        readInterval: Duration? = nil,
        userAgent: String? = nil
    ) {
        self.connectTimeout = connectTimeout
        self.handshakeTimeout = handshakeTimeout
        self.closeTimeout = closeTimeout
        self.maxMessageSize = maxMessageSize
        self.caFile = caFile
        self.receiveWindow = max(1, receiveWindow)
        self.readInterval = readInterval.flatMap { $0 > .zero ? $0 : nil }
        self.userAgent = userAgent
    }
}

extension WebSocketClientOptions {
    /// `headers` with `userAgent` added when it is set and the caller sent none of its own.
    package func upgradeHeaders(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        guard let userAgent, !headers.contains(where: { $0.name.lowercased() == "user-agent" }) else { return headers }
        return headers + [(name: "User-Agent", value: userAgent)]
    }
}
