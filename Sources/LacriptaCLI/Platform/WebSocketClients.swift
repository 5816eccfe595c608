import LacriptaWebSocket

#if canImport(Darwin)
import LacriptaURLSession
#endif

/// Picks the right `WebSocketClient` for the platform.
///
/// Here and not in LacriptaWebSocket because the URLSession client lives in LacriptaURLSession,
/// which this target links on Apple platforms only.
package enum WebSocketClients {
    /// The native RFC 6455 client on Linux (URLSession there means libcurl, which often cannot do
    /// WebSockets, and would put libcurl in the binary); the `URLSessionWebSocketTask` client on
    /// Apple platforms.
    package static func platformDefault(options: WebSocketClientOptions = WebSocketClientOptions()) -> any WebSocketClient {
        #if canImport(Darwin)
        URLSessionWebSocketClient(options: options)
        #else
        NativeWebSocketClient(options: options)
        #endif
    }
}
