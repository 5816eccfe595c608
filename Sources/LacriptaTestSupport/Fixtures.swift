import Foundation

/// Locates and loads the recorded API responses in `Resources/recorded` of the repository.
///
/// Found through this file's `#filePath`, so tests read the fixtures in place without bundling
/// them as package resources.
public enum Fixtures {
    /// Failure to read a fixture.
    public struct Missing: Error, CustomStringConvertible {
        /// The fixture's file name.
        public var name: String
        public var description: String { "recorded fixture \(name) not found in Resources/recorded" }
    }

    /// The `Resources/recorded` directory.
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // LacriptaTestSupport
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("Resources/recorded", isDirectory: true)

    /// The URL of the fixture `name` (e.g. `stream-errors.jsonl`).
    public static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// The bytes of the fixture `name`.
    public static func data(_ name: String) throws -> Data {
        do {
            return try Data(contentsOf: url(name))
        } catch {
            throw Missing(name: name)
        }
    }

    /// The text of the fixture `name`.
    public static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }

    /// The non-empty lines of a JSON Lines fixture, without line terminators.
    public static func lines(_ name: String) throws -> [String] {
        try text(name).split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
    }
}
