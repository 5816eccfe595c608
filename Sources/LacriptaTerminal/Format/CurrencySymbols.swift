/// Display symbols and decimal places for the fiat currencies users are likely to pick.
///
/// Only unambiguous prefix symbols are listed ("CA$", not "$" for CAD). Everything else, crypto
/// quote assets included (BTC, ETH, USDT), has no symbol and is written as "0.00123 BTC".
public enum CurrencySymbols {
    /// The symbol written before amounts in `code` (case-insensitive), or `nil` if none is known.
    public static func symbol(for code: String) -> String? {
        symbols[code.uppercased()]
    }

    /// Decimal places for amounts of 1 or more: 0 for currencies without minor units in practice
    /// (JPY, KRW, VND), otherwise 2.
    public static func fractionDigits(for code: String) -> Int {
        wholeUnitCurrencies.contains(code.uppercased()) ? 0 : 2
    }

    private static let symbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CNY": "CN¥", "KRW": "₩", "INR": "₹",
        "RUB": "₽", "TRY": "₺", "UAH": "₴", "ILS": "₪", "NGN": "₦", "PHP": "₱", "VND": "₫",
        "AUD": "A$", "CAD": "CA$", "NZD": "NZ$", "HKD": "HK$", "SGD": "S$", "MXN": "MX$",
        "BRL": "R$",
    ]

    private static let wholeUnitCurrencies: Set<String> = ["JPY", "KRW", "VND"]
}
