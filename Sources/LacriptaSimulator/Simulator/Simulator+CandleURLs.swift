import Foundation

extension Simulator {
    /// Kraken's REST root on this simulator (`…/kraken`, the counterpart of `https://api.kraken.com`):
    /// what `LACRIPTA_KRAKEN_API_URL` is set to.
    public var krakenAPIURL: URL { restBaseURL.appendingPathComponent(String(ExchangeCandlesREST.krakenMount.dropFirst())) }
    /// Coinbase Exchange's REST root on this simulator (`…/coinbase`): `LACRIPTA_COINBASE_API_URL`.
    public var coinbaseAPIURL: URL { restBaseURL.appendingPathComponent(String(ExchangeCandlesREST.coinbaseMount.dropFirst())) }
}
