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

    /// Creates options; every parameter has the production default.
    public init(
        connectTimeout: Duration = .seconds(10),
        handshakeTimeout: Duration = .seconds(10),
        closeTimeout: Duration = .seconds(5),
        maxMessageSize: Int = 4 << 20,
        caFile: String? = nil,
        receiveWindow: Int = 1 << 20
    ) {
        self.connectTimeout = connectTimeout
        self.handshakeTimeout = handshakeTimeout
        self.closeTimeout = closeTimeout
        self.maxMessageSize = maxMessageSize
        self.caFile = caFile
        self.receiveWindow = max(1, receiveWindow)
    }
}
