import Foundation

/// The entry point test targets use to run a simulator in-process on 127.0.0.1:0.
///
/// ```swift
/// let simulator = try SimulatorHarness.start()
/// defer { simulator.stop() }
/// simulator.rest.setFault(.rateLimit, count: 1)
/// // point the client at simulator.restBaseURL
/// ```
public enum SimulatorHarness {
    /// Why the harness could not find the recorded data.
    public struct MissingDataError: Error, CustomStringConvertible {
        /// The source file the search started from.
        public let searchedFrom: String
        /// A message for test failures.
        public var description: String { "no Resources/recorded found above \(searchedFrom)" }
    }

    /// Starts a simulator on free ports.
    ///
    /// - Parameters:
    ///   - dataDirectory: the recorded data; by default `Resources/recorded` found above `callerFilePath`.
    ///   - requireKey: the key clients must send (`nil`: none needed).
    ///   - fault: a REST fault active from the start.
    ///   - stream: a streamer factory, when the test needs the WebSocket side too.
    ///   - exchanges: the exchange feeds' options, when the test needs Coinbase, Kraken, Bitstamp
    ///     and Bitfinex (`.steered()` for tests that drive the updates themselves).
    ///   - callerFilePath: leave the default; it lets the harness find the repository.
    public static func start(
        dataDirectory: URL? = nil, requireKey: String? = nil, fault: FaultMode? = nil,
        stream: SimulatorStreamFactory? = nil, exchanges: ExchangeFeeds.Options? = nil, callerFilePath: String = #filePath
    ) throws -> Simulator {
        let directory = try dataDirectory ?? recordedDirectory(callerFilePath: callerFilePath)
        var configuration = SimulatorConfiguration(dataDirectory: directory, requireKey: requireKey, fault: fault)
        configuration.exchanges = exchanges
        return try Simulator.start(configuration, stream: stream)
    }

    /// The repository's `Resources/recorded`, found by walking up from `callerFilePath`.
    public static func recordedDirectory(callerFilePath: String = #filePath) throws -> URL {
        guard let directory = RecordedDataLocator.directory(nearSourceFile: callerFilePath) else {
            throw MissingDataError(searchedFrom: callerFilePath)
        }
        return directory
    }
}
