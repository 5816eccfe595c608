/// The national currencies `convert` knows without asking a source, with the digits their
/// amounts are shown to (ISO 4217 minor units). Every other unit is taken for a coin.
public enum FiatCurrency {
    /// Code → minor-unit digits.
    public static let digits: [String: Int] = [
        "USD": 2, "EUR": 2, "GBP": 2, "JPY": 0, "CHF": 2, "CAD": 2, "AUD": 2, "NZD": 2, "CNY": 2, "HKD": 2, "SGD": 2,
        "KRW": 0, "INR": 2, "BRL": 2, "MXN": 2, "ARS": 2, "RUB": 2, "TRY": 2, "ZAR": 2, "SEK": 2, "NOK": 2, "DKK": 2,
        "PLN": 2, "CZK": 2, "HUF": 2, "ILS": 2, "AED": 2, "SAR": 2, "THB": 2, "IDR": 2, "PHP": 2, "TWD": 2, "VND": 0,
        "NGN": 2, "UAH": 2,
    ]

    /// Whether `code` (upper case) is a currency rather than a coin.
    public static func isFiat(_ code: String) -> Bool { digits[code] != nil }
}
