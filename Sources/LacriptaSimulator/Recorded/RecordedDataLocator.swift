import Foundation

/// Finds the repository's `Resources/recorded` directory from a source file, the working
/// directory or the executable's location.
public enum RecordedDataLocator {
    /// The path of the directory inside the repository.
    public static let relativePath = "Resources/recorded"
    /// A file every valid data directory contains, used to recognise one.
    private static let marker = RecordedFile.toplistUSD.rawValue

    /// The directory found by walking up from a source file, e.g. a test's `#filePath`.
    public static func directory(nearSourceFile filePath: String = #filePath) -> URL? {
        search(upFrom: URL(fileURLWithPath: filePath).deletingLastPathComponent())
    }

    /// The directory for the `lacripta-sim` executable: first `<cwd>/Resources/recorded`, then
    /// walking up from the executable (it lives in `<repo>/.build/<triple>/debug/`).
    public static func directory(
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executablePath: String? = RecordedDataLocator.executablePath()
    ) -> URL? {
        let fromWorkingDirectory = URL(fileURLWithPath: currentDirectory).appendingPathComponent(relativePath)
        if isDataDirectory(fromWorkingDirectory) { return fromWorkingDirectory }
        guard let executablePath else { return nil }
        return search(upFrom: URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent())
    }

    /// The running executable's real path (`/proc/self/exe` on Linux, which resolves symlinks).
    public static func executablePath() -> String? {
        #if os(Linux)
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return resolved
        }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments.first
    }

    /// Whether `url` holds the recorded files.
    public static func isDataDirectory(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(marker).path)
    }

    private static func search(upFrom start: URL) -> URL? {
        var directory = start.standardizedFileURL
        while true {
            let candidate = directory.appendingPathComponent(relativePath)
            if isDataDirectory(candidate) { return candidate }
            // Stop at the root: "/".deletingLastPathComponent() does not reliably stay "/".
            if directory.pathComponents.count <= 1 { return nil }
            directory = directory.deletingLastPathComponent()
        }
    }
}
