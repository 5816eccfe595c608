import Foundation

/// The hook for the price streamer: a server started next to the REST one.
///
/// The WebSocket streamer (in `LacriptaSimulator/WebSocketServer/`) conforms to this and is
/// passed to `Simulator.start(_:stream:)` as a `SimulatorStreamFactory`; the simulator then
/// starts it, announces its URL and stops it with the rest. Nothing here knows WebSockets.
public protocol SimulatorStreamService: Sendable {
    /// Where clients connect, e.g. `ws://127.0.0.1:PORT/v2`.
    var url: URL { get }
    /// Stops serving and closes every connection; may be called more than once.
    func stop()
}

/// What a stream service gets at start-up.
public struct SimulatorStreamContext: Sendable {
    /// The port to bind on 127.0.0.1 (0 picks a free one).
    public let port: UInt16
    /// The recorded data directory (holds `stream-session-*.jsonl`).
    public let dataDirectory: URL
    /// The key clients must present, if any (compare with `matches(_:)`; never print it).
    public let requiredKey: RequiredAPIKey?

    /// Creates a context.
    public init(port: UInt16, dataDirectory: URL, requiredKey: RequiredAPIKey?) {
        self.port = port
        self.dataDirectory = dataDirectory
        self.requiredKey = requiredKey
    }
}

/// Starts a stream service; thrown errors abort the simulator's start.
public typealias SimulatorStreamFactory = @Sendable (SimulatorStreamContext) throws -> any SimulatorStreamService
