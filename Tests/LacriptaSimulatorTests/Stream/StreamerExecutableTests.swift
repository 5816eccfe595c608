import Foundation
import LacriptaSimulator
import LacriptaTestSupport
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
        // In a group of its own, killed with the group when the test lets go of it.
        let child = try ChildProcessGroup(
            binary.path, ["--data", try Fixtures.directory().path, "--stream-seed", "3"], environment: ProcessInfo.processInfo.environment,
            stderr: .null)
        // The lines are printed at once right after binding (REST, stream, then CoinGecko and the
        // feeds); read through the stream line (bounded, off the pool).
        let text = try await ChildProcessGroup.offPool { child.read(until: "/v2\n", timeout: 60) }
        let lines = text.split(separator: "\n").map(String.init)
        let prefix = "lacripta-sim: stream on "
        #expect(lines.count >= 2)
        let line = try #require(lines.dropFirst().first)
        #expect(line.hasPrefix(prefix + "ws://127.0.0.1:") && line.hasSuffix("/v2"))
        let url = try #require(URL(string: String(line.dropFirst(prefix.count))))
        let probe = try await StreamProbe.connect(url)
        #expect(try await probe.nextJSON()["TYPE"] == .string("20"))
        await probe.close()
        child.send(SIGINT)
        #expect(try await ChildProcessGroup.offPool { child.waitForExit(timeout: 60) } == .exit(0))
    }
}
