import Foundation
import LacriptaSimulator

/// Recorded data shared by the tests, loaded once (it is immutable and Sendable).
enum Fixtures {
    /// Why the fixtures could not be loaded.
    struct Missing: Error {}

    private static let loaded: Result<(URL, RecordedData), any Error> = Result {
        guard let directory = RecordedDataLocator.directory(nearSourceFile: #filePath) else { throw Missing() }
        return (directory, try RecordedData(directory: directory))
    }

    /// The repository's `Resources/recorded`.
    static func directory() throws -> URL { try loaded.get().0 }

    /// The parsed recordings.
    static func recorded() throws -> RecordedData { try loaded.get().1 }

    /// The parsed recording of `file`.
    static func document(_ file: RecordedFile) throws -> JSONValue { try recorded()[file] }
}

/// Starts a simulator on 127.0.0.1:0, runs `body`, and always stops it.
func withSimulator<Result>(
    requireKey: String? = nil, fault: FaultMode? = nil, _ body: (Simulator) throws -> Result
) throws -> Result {
    let simulator = try SimulatorHarness.start(dataDirectory: Fixtures.directory(), requireKey: requireKey, fault: fault)
    defer { simulator.stop() }
    return try body(simulator)
}
