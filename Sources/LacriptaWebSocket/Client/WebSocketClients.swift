/// Picks the right `WebSocketClient` for the platform.
public enum WebSocketClients {
    /// The native RFC 6455 client on Linux (URLSession cannot do WebSockets there); the
    /// `URLSessionWebSocketTask` client on Apple platforms.
    public static func platformDefault(options: WebSocketClientOptions = WebSocketClientOptions()) -> any WebSocketClient {
        #if canImport(Darwin)
        URLSessionWebSocketClient(options: options)
        #else
        NativeWebSocketClient(options: options)
        #endif
    }
}
