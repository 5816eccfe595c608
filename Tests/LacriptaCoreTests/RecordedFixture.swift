import Foundation

/// Reads the recorded CryptoCompare responses shipped in Resources/recorded.
enum RecordedFixture {
    /// The repository's Resources/recorded directory, found from this file's path.
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/recorded")

    /// The bytes of a recorded file.
    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }
}
