import Foundation

extension SimulatorHarness {
    /// Starts a simulator with the built-in streamer on free ports; reach the streamer with
    /// `simulator.streamer` (its `url` is `ws://127.0.0.1:PORT/v2`).
    ///
    /// - Parameters:
    ///   - options: seed, rate, faults and flood mode of the streamer.
    ///   - requireKey: the key REST and the streamer demand (`nil`: none).
    ///   - dataDirectory: the recorded data; by default found above `callerFilePath`.
    ///   - callerFilePath: leave the default; it lets the harness find the repository.
    public static func startWithStreamer(
        options: CryptoCompareStreamer.Options = CryptoCompareStreamer.Options(), requireKey: String? = nil,
        dataDirectory: URL? = nil, callerFilePath: String = #filePath
    ) throws -> Simulator {
        try start(
            dataDirectory: dataDirectory, requireKey: requireKey, stream: CryptoCompareStreamer.factory(options: options),
            callerFilePath: callerFilePath)
    }
}
