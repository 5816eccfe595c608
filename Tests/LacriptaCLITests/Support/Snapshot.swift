import Foundation
import Testing

/// Files checked into the repository that the code generates (help snapshots, the man page,
/// completion scripts): a test compares them with what the code produces now, and
/// `RECORD_SNAPSHOTS=1` (`make generate`) rewrites them instead.
enum Snapshot {
    /// The repository's root, found from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Whether this run rewrites the files instead of checking them.
    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

    /// Checks (or, when recording, writes) `text` as the file at `path` under the root.
    static func check(_ text: String, at path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = root.appendingPathComponent(path)
        if isRecording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
            return
        }
        let stored = try String(contentsOf: url, encoding: .utf8)
        #expect(
            stored == text, "\(path) differs from what the code generates: run `make generate` and review the diff", sourceLocation: sourceLocation)
    }
}
