import Foundation
import LacriptaSimulator
import LacriptaTestSupport
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
    func runsUntilSignal(signal: Int32) async throws {
        guard let binary = simulatorBinary else { return }  // excluded by the trait above
        // In a group of its own, killed with the group when the test lets go of it.
        let child = try ChildProcessGroup(
            binary.path, ["--data", try Fixtures.directory().path], environment: ProcessInfo.processInfo.environment, stderr: .null)
        // The first line comes right after binding; every wait is bounded and off the pool.
        let text = try await ChildProcessGroup.offPool { child.read(until: "\n", timeout: 60) }
        let prefix = "lacripta-sim: REST on http://127.0.0.1:"
        #expect(text.hasPrefix(prefix))
        let port = try #require(UInt16(text.dropFirst(prefix.count).prefix { $0.isNumber }))
        #expect(try await ChildProcessGroup.offPool { try RawHTTPClient.fetch(port: port, "/data/news/feeds").status } == 200)
        child.send(signal)
        #expect(try await ChildProcessGroup.offPool { child.waitForExit(timeout: 60) } == .exit(0))
    }
}
