import Foundation
import LacriptaSimulator
import Testing

@Suite("lacripta-sim command line")
struct CommandLineTests {
    @Test("Every flag parses, in both --name value and --name=value forms")
    func parsesFlags() throws {
        let parsed = try SimulatorCommandLine.parse([
            "--port", "8080", "--data=/tmp/rec", "--port-file", "/tmp/p", "--require-key", "K", "--fault", "slow:1.5",
        ])
        #expect(parsed.port == 8080)
        #expect(parsed.dataDirectory == "/tmp/rec")
        #expect(parsed.portFile == "/tmp/p")
        #expect(parsed.requiredKey?.matches("K") == true)
        #expect(parsed.fault == .slow(.milliseconds(1500)))
        #expect(!parsed.showHelp)
        #expect(try SimulatorCommandLine.parse(["-h"]).showHelp)
        #expect(try SimulatorCommandLine.parse([]).port == 0)
    }

    @Test(
        "Mistakes are usage errors that never echo a value",
        arguments: [
            ["--port", "70000"], ["--port"], ["--fault", "nope"], ["--bogus"], ["stray-secret"], ["--require-key", ""],
        ])
    func usageErrors(arguments: [String]) {
        #expect(throws: SimulatorUsageError.self) { try SimulatorCommandLine.parse(arguments) }
        do {
            _ = try SimulatorCommandLine.parse(arguments)
        } catch {
            #expect(!error.message.contains("stray-secret"))
            #expect(!error.message.contains("70000"))
        }
    }

    @Test("The launcher starts, writes the port file, serves, and returns 0 when told to stop")
    func launcherServes() throws {
        let portFile = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-sim-\(UUID().uuidString).port")
        defer { try? FileManager.default.removeItem(at: portFile) }
        var served: Int?
        let status = SimulatorLauncher.run(
            arguments: ["--data", try Fixtures.directory().path, "--port-file", portFile.path, "--fault", "ratelimit"],
            waitForTermination: {
                guard let text = try? String(contentsOf: portFile, encoding: .utf8),
                    let port = UInt16(text.trimmingCharacters(in: .whitespacesAndNewlines)),
                    let response = try? RawHTTPClient.fetch(port: port, "/data/price?fsym=BTC&tsyms=USD")
                else { return }
                served = response.status
                #expect(response.text.contains("rate limit"))
            })
        #expect(status == .success)
        #expect(served == 200)
    }

    @Test("The launcher reports bad arguments and a missing data directory with distinct statuses")
    func launcherFailures() {
        #expect(SimulatorLauncher.run(arguments: ["--nope"], waitForTermination: {}) == .usage)
        #expect(SimulatorLauncher.run(arguments: ["--data", "/nonexistent/lacripta"], waitForTermination: {}) == .unavailable)
    }

    @Test("Recorded data is found from a source file, from the binary's build folder, and not from elsewhere")
    func locatesRecordedData() throws {
        let fromSource = try #require(RecordedDataLocator.directory(nearSourceFile: #filePath))
        #expect(RecordedDataLocator.isDataDirectory(fromSource))
        let repository = fromSource.deletingLastPathComponent().deletingLastPathComponent()
        let binary = repository.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/lacripta-sim").path
        let fromBinary = RecordedDataLocator.directory(currentDirectory: "/", executablePath: binary)
        #expect(fromBinary?.standardizedFileURL.path == fromSource.standardizedFileURL.path)
        #expect(RecordedDataLocator.directory(currentDirectory: "/", executablePath: "/usr/bin/true") == nil)
        #expect(RecordedDataLocator.directory(currentDirectory: repository.path, executablePath: nil) != nil)
    }
}
