import Foundation
import LacriptaSimulator

/// What every end-to-end suite needs: a simulator of its own and a fresh home folder for the
/// built binary, both gone when the fixture is. Suites subclass it to add their environment and
/// helpers; the lifetimes are written once, here.
class EndToEndFixture {
    /// The simulator, started for this fixture.
    let simulator: Simulator
    /// The home folder (cache, config and store below it), created empty.
    let home: URL

    /// A fixture with `simulator` and a home named after `name` (for a person reading `/tmp`).
    init(_ name: String, simulator: Simulator) throws {
        self.simulator = simulator
        home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-\(name)-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        } catch {
            simulator.stop()
            throw error
        }
    }

    deinit {
        simulator.stop()
        try? FileManager.default.removeItem(at: home)
    }

    /// The binary's environment: the home's folders, `extra` on top (see `BinaryRunner.environment`).
    func environment(with extra: [String: String] = [:]) -> [String: String] {
        BinaryRunner.environment(home: home, extra: extra)
    }

    /// CryptoCompare's REST API on the simulator.
    var cryptoCompare: [String: String] { ["LACRIPTA_API_URL": simulator.restBaseURL.absoluteString] }

    /// CoinGecko on the simulator, chosen as the source.
    var coinGecko: [String: String] {
        ["LACRIPTA_COINGECKO_URL": simulator.coinGeckoBaseURL.absoluteString, "LACRIPTA_SOURCE": "public"]
    }
}
