import LacriptaTerminal
import Testing

@Suite struct PriceFormatterTests {
    private let usd = PriceFormatter(currency: "USD")

    @Test(arguments: [
        (60_000.0, "$60,000.00"), (1_234_567.891, "$1,234,567.89"), (1000.0, "$1,000.00"),
        (999.999, "$1,000.00"), (42.5, "$42.50"), (1.0, "$1.00"), (1.005, "$1.01"), (0.2191, "$0.2191"),
        (0.00001028, "$0.00001028"), (0.5, "$0.5000"), (0.123456, "$0.1235"), (0.99996, "$1.00"),
        (0.9999, "$0.9999"), (0.0, "$0.00"), (-0.0, "$0.00"), (-1234.5, "-$1,234.50"),
        (-0.0042, "-$0.004200"), (12_345_678_901_234.0, "$12,345,678,901,234.00"),
        (1e-16, "$0.0000000000000001000"), (1e-17, "$0.00"),
    ])
    func usdAcrossMagnitudes(value: Double, expected: String) {
        #expect(usd.string(value) == expected)
    }

    @Test(
        "from 1e15 up a price is three digits in scientific notation, however large",
        arguments: [
            (1e15, "$1.00e15"), (1e20, "$1.00e20"), (-1.7e308, "-$1.70e308"), (.greatestFiniteMagnitude, "$1.80e308"),
            (9.995e20, "$1.00e21"), (123_456_789_012_345_678.0, "$1.23e17"), (999_999_999_999_999.0, "$999,999,999,999,999.00"),
        ] as [(Double, String)])
    func hugePricesStayNarrow(value: Double, expected: String) {
        #expect(usd.string(value) == expected)
        #expect(usd.string(value).count <= "-$999,999,999,999,999.99".count)
    }

    @Test func hugeAmountsInOtherCurrenciesAndSigns() {
        #expect(PriceFormatter(currency: "BTC").string(1e20) == "1.00e20 BTC")
        #expect(usd.string(2e18, alwaysShowSign: true) == "+$2.00e18")
        #expect(usd.number(-3.14159e300) == "-3.14e300")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func notANumberIsADash(value: Double) {
        #expect(usd.string(value) == "—")
        #expect(usd.number(value) == "—")
    }

    @Test func knownFiatUsesItsSymbol() {
        #expect(PriceFormatter(currency: "EUR").string(1234.5) == "€1,234.50")
        #expect(PriceFormatter(currency: "gbp").string(0.5) == "£0.5000")
        #expect(PriceFormatter(currency: "KRW").string(85_000_000.4) == "₩85,000,000")
        #expect(PriceFormatter(currency: "CAD").string(10) == "CA$10.00")
    }

    @Test func yenHasNoDecimalsAboveOneButKeepsSignificantDigitsBelow() {
        let yen = PriceFormatter(currency: "JPY")
        #expect(yen.string(9_500_000.49) == "¥9,500,000")
        #expect(yen.string(9_500_000.5) == "¥9,500,001")
        #expect(yen.string(0.003141) == "¥0.003141")
        #expect(yen.string(0) == "¥0")
    }

    @Test func unknownCodesAndCryptoGoAfterTheNumber() {
        #expect(PriceFormatter(currency: "BTC").string(0.00123) == "0.001230 BTC")
        #expect(PriceFormatter(currency: "eth").string(15.25) == "15.25 ETH")
        #expect(PriceFormatter(currency: "USDT").string(-2500) == "-2,500.00 USDT")
        #expect(PriceFormatter(currency: "USDT").symbol == nil)
    }

    @Test func currencyCodeFromInputIsSanitized() {
        let formatter = PriceFormatter(currency: "x\u{1B}[2Jy")
        #expect(formatter.currencyCode == "XY")
        #expect(formatter.string(1) == "1.00 XY")
    }

    @Test func signCanBeForcedForChanges() {
        #expect(usd.string(12.5, alwaysShowSign: true) == "+$12.50")
        #expect(usd.string(-12.5, alwaysShowSign: true) == "-$12.50")
        #expect(usd.string(0, alwaysShowSign: true) == "$0.00")
        #expect(usd.string(1e-20, alwaysShowSign: true) == "$0.00")
    }

    @Test func numberLeavesOutTheCurrency() {
        #expect(usd.number(60_000) == "60,000.00")
        #expect(usd.number(-0.2191) == "-0.2191")
        #expect(usd.isZeroAtDisplayPrecision(1e-18))
        #expect(!usd.isZeroAtDisplayPrecision(0.00001))
    }

    @Test func symbolsTableAnswersCaseInsensitively() {
        #expect(CurrencySymbols.symbol(for: "usd") == "$")
        #expect(CurrencySymbols.symbol(for: "DOGE") == nil)
        #expect(CurrencySymbols.fractionDigits(for: "jpy") == 0)
        #expect(CurrencySymbols.fractionDigits(for: "EUR") == 2)
    }
}

@Suite struct CompactNumberFormatterTests {
    @Test(arguments: [
        (1_234_000_000_000.0, "1.23T"), (456_700_000_000.0, "456.7B"), (89_000_000.0, "89.0M"),
        (12_345.0, "12.3K"), (1_000.0, "1.00K"), (999.0, "999.0"), (5.254, "5.25"), (0.0, "0.00"),
        (999_960.0, "1.00M"), (999_949.0, "999.9K"), (9_995.0, "10.0K"), (1_234_500_000_000_000.0, "1.23e15"),
        (999_960_000_000_000.0, "1.00e15"), (999_940_000_000_000.0, "999.9T"), (1e20, "1.00e20"), (-1.7e308, "-1.70e308"),
        (-4_500_000_000.0, "-4.50B"), (0.004, "0.00"),
    ])
    func bareNumbers(value: Double, expected: String) {
        #expect(CompactNumberFormatter().string(value) == expected)
    }

    @Test func currencySymbolOrCode() {
        #expect(CompactNumberFormatter(currency: "USD").string(1_230_000_000_000) == "$1.23T")
        #expect(CompactNumberFormatter(currency: "EUR").string(-4_500_000_000) == "-€4.50B")
        #expect(CompactNumberFormatter(currency: "BTC").string(12_300) == "12.3K BTC")
        #expect(CompactNumberFormatter(currency: "USD").string(.nan) == "—")
        #expect(CompactNumberFormatter(currency: "USD").string(1e20) == "$1.00e20")
    }
}
