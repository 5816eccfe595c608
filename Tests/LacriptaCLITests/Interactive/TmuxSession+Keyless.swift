import Foundation
import LacriptaSimulator

extension TmuxSession {
    /// The shell line that runs the built lacripta with `arguments`, keyless, in the fresh `home`
    /// against `simulator`'s CoinGecko (with `extra` settings beside it, such as the exchanges'
    /// candle URLs), then prints `exit=STATUS` and waits, so the pane can still be read after the
    /// program ends. UTF-8, and no locale or key from the environment the tests run in.
    static func keylessCommand(_ arguments: String, home: URL, simulator: Simulator, extra: [String: String] = [:]) -> String {
        let settings = extra.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value) " }.joined()
        return """
            env -u CRYPTOCOMPARE_API_KEY -u LC_ALL -u LC_CTYPE LANG=C.UTF-8 HOME=\(home.path) XDG_CACHE_HOME=\(home.path)/cache \
            XDG_CONFIG_HOME=\(home.path)/config XDG_DATA_HOME=\(home.path)/data LACRIPTA_SOURCE=public \
            LACRIPTA_COINGECKO_URL=\(simulator.coinGeckoBaseURL.absoluteString) \(settings)\
            sh -c '"$0" \(arguments); echo "exit=$?"; sleep 60' '\(BinaryRunner.binary.path)'
            """
    }
}
