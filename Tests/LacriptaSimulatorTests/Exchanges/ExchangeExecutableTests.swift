import Foundation
import LacriptaSimulator
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
        "Starts the four exchange feeds by default, announces them last, and Kraken greets with its status",
        .enabled(if: simulatorBinary != nil, "lacripta-sim not built"))
    func announcesAndServes() async throws {
        guard let binary = simulatorBinary else { return }  // excluded by the trait above
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--data", try Fixtures.directory().path, "--exchange-seed", "3", "--exchange-rate", "0"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Every line is printed at once after binding; read until Bitfinex's (bounded by EOF).
        var text = ""
        let handle = output.fileHandleForReading
        while !text.contains("exchange Bitfinex on ") || !text.hasSuffix("\n") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let lines = text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("lacripta-sim: exchange ") }
        #expect(lines.map { $0.split(separator: " ")[2] } == ["Coinbase", "Kraken", "Bitstamp", "Bitfinex"])
        let kraken = try #require(lines.first { $0.contains("Kraken") }.flatMap { URL(string: String($0.split(separator: " ").last ?? "")) })
        #expect(kraken.path == "/v2")
        let probe = try await StreamProbe.connect(kraken)
        #expect(try await probe.nextJSON()["channel"] == .string("status"))
        await probe.close()
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
