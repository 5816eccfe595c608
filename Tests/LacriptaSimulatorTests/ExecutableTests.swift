import Foundation
import LacriptaSimulator
import Testing

/// The built `lacripta-sim` next to this test bundle's products, if it was built.
private let simulatorBinary: URL? = {
    guard let data = RecordedDataLocator.directory(nearSourceFile: #filePath) else { return nil }
    let binary = data.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/lacripta-sim")
    return FileManager.default.isExecutableFile(atPath: binary.path) ? binary : nil
}()

@Suite("lacripta-sim executable")
struct ExecutableTests {
    @Test(
        "Prints the REST line, serves, and exits 0 on SIGINT and SIGTERM",
        .enabled(if: simulatorBinary != nil, "lacripta-sim not built"),
        arguments: [SIGINT, SIGTERM])
    func runsUntilSignal(signal: Int32) throws {
        guard let binary = simulatorBinary else { return }  // excluded by the trait above
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--data", try Fixtures.directory().path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Read the first line (bounded: the process prints it right after binding).
        var line: [UInt8] = []
        let handle = output.fileHandleForReading
        while !line.contains(10) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        let prefix = "lacripta-sim: REST on http://127.0.0.1:"
        #expect(text.hasPrefix(prefix))
        let port = try #require(UInt16(text.dropFirst(prefix.count).prefix { $0.isNumber }))
        #expect(try RawHTTPClient.fetch(port: port, "/data/news/feeds").status == 200)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }
}
