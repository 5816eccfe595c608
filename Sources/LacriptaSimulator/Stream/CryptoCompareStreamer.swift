import Foundation

/// The offline CryptoCompare streamer v2: `ws://127.0.0.1:PORT/v2` speaking the raw wire format
/// of the service (reference `cryptocompare-streaming.md`), independent of the client's code.
///
/// On connect it sends the recorded-shape welcome (TYPE 20), or the recorded 401 / 429 and a
/// Close when the key is missing or wrong or the socket limit is reached. SubAdd of
/// `5~CCCAGG~FROM~TO` answers a full TYPE 5 snapshot and 16 per sub (500 INVALID_SUB for unknown
/// pairs) and one 3; SubRemove answers 17 per sub and one 18. A seeded random walk then sends
/// partial TYPE 5 updates with only the changed fields, and TYPE 999 heartbeats. Faults and a
/// flood mode are set with `Options`; tests steer a running streamer with the controls in
/// `CryptoCompareStreamer+Controls.swift`.
///
/// ```swift
/// let simulator = try SimulatorHarness.startWithStreamer(options: .init(seed: 7, ticksPerSecond: 0))
/// defer { simulator.stop() }
/// let streamer = try #require(simulator.streamer)
/// // connect to streamer.url, SubAdd, then streamer.publishUpdates(3) or streamer.dropConnections()
/// ```
public final class CryptoCompareStreamer: SimulatorStreamService {
    /// The streamer's path, as on `wss://streamer.cryptocompare.com/v2`.
    public static let path = "/v2"

    /// `ws://127.0.0.1:PORT/v2`.
    public let url: URL
    /// The options it was started with.
    public var options: Options { core.environment.options }
    /// The seed in use (the option's, or the random one picked at start), to replay a run.
    public var seed: UInt64 { core.environment.seed }

    let core: StreamerCore
    private let server: WebSocketServer

    /// Starts the streamer for a simulator (`context` gives the port, data and required key).
    /// Throws `RecordedDataError` for missing recordings and `NetError` when the port is taken.
    public init(context: SimulatorStreamContext, options: Options = Options()) throws {
        let recorded = try RecordedData(directory: context.dataDirectory)
        let environment = StreamEnvironment(
            catalog: PairCatalog(recorded: recorded), recordings: try StreamRecordings(directory: context.dataDirectory),
            options: options, seed: options.seed ?? UInt64.random(in: .min ... .max), startedAt: .now)
        let core = StreamerCore(environment: environment, requiredKey: context.requiredKey)
        server = try WebSocketServer(port: context.port, tls: options.tls, keepsConnections: false) { [core] connection in core.admit(connection) }
        self.core = core
        url = server.url(path: Self.path)
        core.startTimer()
    }

    /// A factory for `Simulator.start(_:stream:)` and `SimulatorHarness.start(stream:)`.
    public static func factory(options: Options = Options()) -> SimulatorStreamFactory {
        { context in try CryptoCompareStreamer(context: context, options: options) }
    }

    /// The bound port.
    public var port: UInt16 { server.port }

    /// Stops the timer and the server and drops every socket. Idempotent.
    public func stop() {
        core.stop()
        server.stop()
    }

    deinit { stop() }
}

extension Simulator {
    /// The built-in streamer, when this simulator runs one.
    public var streamer: CryptoCompareStreamer? { stream as? CryptoCompareStreamer }
}
