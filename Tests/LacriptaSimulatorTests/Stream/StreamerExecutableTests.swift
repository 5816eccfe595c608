import Foundation
import LacriptaSimulator
import Testing

/// The built `lacripta-sim`, if it was built.
private let simulatorBinary: URL? = {
    guard let data = RecordedDataLocator.directory(nearSourceFile: #filePath) else { return nil }
    let binary = data.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/lacripta-sim")
    return FileManager.default.isExecutableFile(atPath: binary.path) ? binary : nil
}()

@Suite("lacripta-sim executable with the streamer")
struct StreamerExecutableTests {
    @Test("Announces the stream URL on its second line and serves the welcome there", .enabled(if: simulatorBinary != nil, "lacripta-sim not built"))
    func announcesAndServes() async throws {
        guard let binary = simulatorBinary else { return }  // excluded by the trait above
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--data", try Fixtures.directory().path, "--stream-seed", "3"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // The lines are printed at once right after binding (REST, stream, then CoinGecko and the
        // feeds); read until two newlines (bounded by EOF).
        var bytes: [UInt8] = []
        let handle = output.fileHandleForReading
        while bytes.filter({ $0 == 10 }).count < 2 {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            bytes += chunk
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        let prefix = "lacripta-sim: stream on "
        #expect(lines.count >= 2)
        let line = try #require(lines.dropFirst().first)
        #expect(line.hasPrefix(prefix + "ws://127.0.0.1:") && line.hasSuffix("/v2"))
        let url = try #require(URL(string: String(line.dropFirst(prefix.count))))
        let probe = try await StreamProbe.connect(url)
        #expect(try await probe.nextJSON()["TYPE"] == .string("20"))
        await probe.close()
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
