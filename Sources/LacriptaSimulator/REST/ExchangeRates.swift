/// How many units of a to-symbol one US dollar buys, for serving toplists in other currencies.
///
/// Sources, in order: EUR from the recorded `/data/price?fsym=BTC&tsyms=USD,EUR` (the BTC/EUR over
/// BTC/USD ratio of 2026-01-02, ≈ 0.8533); crypto symbols (BTC, ETH, USDT, …) as 1 / their USD
/// `PRICE` in the recorded toplist; a few more fiat currencies from the fixed table below, which
/// are rounded market rates of early January 2026 and *not* recorded.
public struct ExchangeRates: Sendable {
    /// Fiat rates that have no recording (units per USD).
    public static let unrecordedFiat: [String: Double] = ["GBP": 0.7436, "JPY": 156.9, "CHF": 0.7925]

    private let unitsPerUSD: [String: Double]

    /// Derives the table from the recorded price map and toplist.
    public init(recorded: RecordedData) {
        var table = Self.unrecordedFiat
        table["USD"] = 1
        let price = recorded[.priceBTC]
        if let usd = price["USD"]?.doubleValue, let eur = price["EUR"]?.doubleValue, usd > 0 {
            table["EUR"] = eur / usd
        }
        for item in recorded[.toplistUSD]["Data"]?.arrayElements ?? [] {
            guard let symbol = item["CoinInfo"]?["Name"]?.stringValue,
                let price = item["RAW"]?["USD"]?["PRICE"]?.doubleValue, price > 0, table[symbol] == nil
            else { continue }
            table[symbol] = 1 / price
        }
        unitsPerUSD = table
    }

    /// Units of `symbol` per USD, or `nil` when the simulator does not know the symbol.
    public func unitsPerUSD(of symbol: String) -> Double? {
        unitsPerUSD[symbol]
    }

    /// The sign min-api puts in DISPLAY values for `symbol` (`$`, `€`, `Ƀ`, …; else the ticker).
    public static func displaySign(for symbol: String) -> String {
        switch symbol {
        case "USD": "$"
        case "EUR": "€"
        case "GBP": "£"
        case "JPY": "¥"
        case "BTC": "Ƀ"
        case "ETH": "Ξ"
        case "LTC": "Ł"
        case "USDT": "₮"
        default: symbol
        }
    }
}
