import Foundation
import LacriptaSimulator
import Testing

extension TmuxSession {
    /// The shell line that runs the built lacripta with `arguments`, keyless, in the fresh `home`
    /// against `simulator`'s CoinGecko (with `extra` settings beside it, such as the exchanges'
    /// candle URLs), then prints `exit=STATUS` and waits, so the pane can still be read after the
    /// program ends. UTF-8, and no locale or key from the environment the tests run in. `source`
    /// nil leaves the source to lacripta's own choice without a key.
    static func keylessCommand(
        _ arguments: String, home: URL, simulator: Simulator, source: String? = "public", extra: [String: String] = [:]
    ) -> String {
        let settings = extra.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value) " }.joined()
        let sourceSetting = source.map { "LACRIPTA_SOURCE=\($0)" } ?? ""
        return """
            env -u CRYPTOCOMPARE_API_KEY -u LACRIPTA_SOURCE -u LC_ALL -u LC_CTYPE LANG=C.UTF-8 HOME=\(home.path) \
            XDG_CACHE_HOME=\(home.path)/cache XDG_CONFIG_HOME=\(home.path)/config XDG_DATA_HOME=\(home.path)/data \(sourceSetting) \
            LACRIPTA_COINGECKO_URL=\(simulator.coinGeckoBaseURL.absoluteString) \(settings)\
            sh -c '"$0" \(arguments); echo "exit=$?"; sleep 60' '\(BinaryRunner.binary.path)'
            """
    }

    /// The settings that point lacripta at the simulator's four news feeds and its exchanges'
    /// feeds (which `simulator` must have been started with).
    static func feedsAndExchanges(of simulator: Simulator) throws -> [String: String] {
        let exchanges = try #require(simulator.exchanges)
        var settings = [
            "LACRIPTA_NEWS_FEEDS": [SimulatedFeed.coinDesk, .coinTelegraph, .decrypt, .theBlock].map { simulator.feedURL($0).absoluteString }
                .joined(separator: ",")
        ]
        for exchange in SimulatedExchange.allCases {
            settings["LACRIPTA_\(exchange.rawValue.uppercased())_URL"] = exchanges.url(for: exchange).absoluteString
        }
        return settings
    }
}
