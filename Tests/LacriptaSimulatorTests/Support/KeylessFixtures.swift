import Foundation
import LacriptaSimulator

/// Requests to the simulated CoinGecko and feeds, and their recordings, for the keyless tests.
enum KeylessFixtures {
    /// The User-Agent header line tests send (CoinGecko refuses requests without one).
    static let userAgent = "User-Agent: lacripta-tests/1.0 (+https://example.invalid/lacripta)"

    /// The recorded CoinGecko bodies, loaded once.
    private static let coinGecko = Result { try CoinGeckoData(directory: Fixtures.directory()) }

    /// The parsed recording of `file`.
    static func document(_ file: CoinGeckoFile) throws -> JSONValue { try coinGecko.get()[file] }

    /// The markets recording's items.
    static func marketItems() throws -> [JSONValue] { try coinGecko.get().marketItems }

    /// `GET <coinGeckoBaseURL path><pathAndQuery>` on a fresh connection, with a User-Agent unless
    /// `headers` says otherwise.
    static func coinGecko(_ simulator: Simulator, _ pathAndQuery: String, headers: [String] = [userAgent]) throws -> RawHTTPResponse {
        try RawHTTPClient.fetch(port: simulator.restPort, simulator.coinGeckoBaseURL.path + pathAndQuery, headers: headers)
    }

    /// `GET` of `feed`'s path on a fresh connection, with a User-Agent plus `headers`.
    static func feed(_ simulator: Simulator, _ feed: SimulatedFeed, headers: [String] = []) throws -> RawHTTPResponse {
        try RawHTTPClient.fetch(port: simulator.restPort, simulator.feedURL(feed).path, headers: [userAgent] + headers)
    }

    /// The recorded bytes of `feed`'s document.
    static func recordedFeed(_ feed: SimulatedFeed) throws -> [UInt8] {
        Array(try Data(contentsOf: Fixtures.directory().appendingPathComponent("sim-feed-\(feed.rawValue).xml")))
    }
}
