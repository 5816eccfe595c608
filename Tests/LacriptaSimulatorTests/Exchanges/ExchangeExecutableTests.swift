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

@Suite("lacripta-sim executable with the exchange feeds")
struct ExchangeExecutableTests {
    @Test(
        "Starts every exchange feed by default, announces them last, and Kraken greets with its status",
        .enabled(if: simulatorBinary != nil, "lacripta-sim not built"))
    func announcesAndServes() async throws {
        guard let binary = simulatorBinary else { return }  // excluded by the trait above
        // In a group of its own, killed with the group when the test lets go of it.
        let child = try ChildProcessGroup(
            binary.path, ["--data", try Fixtures.directory().path, "--exchange-seed", "3", "--exchange-rate", "0"],
            environment: ProcessInfo.processInfo.environment, stderr: .null)
        // Every line is printed at once after binding; read through the last exchange's (bounded, off the pool).
        let last = "exchange \(SimulatedExchange.allCases.last?.name ?? "Bitfinex") on "
        let text = try await ChildProcessGroup.offPool { child.read(until: last, timeout: 60) }
        let lines = text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("lacripta-sim: exchange ") }
        let names: [String] = lines.map { String($0.split(separator: " ")[2]) }
        #expect(names == SimulatedExchange.allCases.map(\.name))
        let kraken = try #require(lines.first { $0.contains("Kraken") }.flatMap { URL(string: String($0.split(separator: " ").last ?? "")) })
        #expect(kraken.path == "/v2")
        let probe = try await StreamProbe.connect(kraken)
        #expect(try await probe.nextJSON()["channel"] == .string("status"))
        await probe.close()
        child.send(SIGINT)
        #expect(try await ChildProcessGroup.offPool { child.waitForExit(timeout: 60) } == .exit(0))
    }
}
