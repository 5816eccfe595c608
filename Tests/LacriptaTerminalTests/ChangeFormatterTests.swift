import LacriptaTerminal
import Testing

@Suite struct ChangeFormatterTests {
    private let formatter = ChangeFormatter()
    private let usd = PriceFormatter(currency: "USD")

    @Test func upIsAGreenTriangleWithPlusSign() {
        #expect(formatter.percent(1.5) == StyledText("▲ +1.50%", style: .positive))
    }

    @Test func downIsARedTriangleWithMinusSign() {
        #expect(formatter.percent(-0.14) == StyledText("▼ -0.14%", style: .negative))
    }

    @Test(arguments: [0.0, -0.0, 0.004, -0.004999, 1e-12])
    func belowDisplayPrecisionIsUnchangedAndYellow(value: Double) {
        #expect(formatter.percent(value) == StyledText("= 0.00%", style: .unchanged))
        #expect(formatter.direction(ofPercent: value) == .unchanged)
    }

    @Test func theBoundaryOfDisplayPrecisionRoundsAwayFromZero() {
        #expect(formatter.percentText(0.005) == "+0.01%")
        #expect(formatter.percentText(-0.005) == "-0.01%")
        #expect(formatter.direction(ofPercent: 0.005) == .up)
    }

    @Test func percentagesOfAMillionOrMoreAreScientific() {
        #expect(formatter.percent(1e20) == StyledText("▲ +1.00e20%", style: .positive))
        #expect(formatter.percentText(-2.5e6) == "-2.50e6%")
        #expect(formatter.percentText(-1.7e308) == "-1.70e308%")
        #expect(formatter.percentText(999_999.99) == "+999,999.99%")
        #expect(formatter.amount(-1e20, price: usd) == StyledText("▼ -$1.00e20", style: .negative))
    }

    @Test func directionReadsWithoutColour() {
        for (value, marker) in [(3.2, "▲"), (-3.2, "▼"), (0.0, "=")] {
            #expect(ANSIRenderer.plain.render(formatter.percent(value)).hasPrefix(marker))
        }
        #expect(ChangeDirection.allCases.map(\.symbol) == ["▲", "▼", "="])
    }

    @Test func coloredRenderingUsesOnlyTheDirectionColour() {
        #expect(ANSIRenderer.colored.render(formatter.percent(-2)) == "\u{1B}[31m▼ -2.00%\u{1B}[0m")
    }

    @Test func amountsUseThePriceFormatter() {
        #expect(formatter.amount(1234.56, price: usd) == StyledText("▲ +$1,234.56", style: .positive))
        #expect(formatter.amount(-0.000123, price: usd) == StyledText("▼ -$0.0001230", style: .negative))
        #expect(formatter.amount(0, price: usd) == StyledText("= $0.00", style: .unchanged))
    }

    @Test func amountWithPercent() {
        #expect(formatter.change(1234.56, percent: 1.5, price: usd) == StyledText("▲ +$1,234.56 (+1.50%)", style: .positive))
        #expect(formatter.change(-5, percent: -0.01, price: usd) == StyledText("▼ -$5.00 (-0.01%)", style: .negative))
        #expect(formatter.change(0, percent: 0.001, price: usd) == StyledText("= $0.00 (0.00%)", style: .unchanged))
        // A real move too small to show in percent still has a direction.
        #expect(formatter.change(1, percent: 0.001, price: usd) == StyledText("▲ +$1.00 (0.00%)", style: .positive))
    }

    @Test func missingValuesAreADashWithoutDirection() {
        #expect(formatter.percent(.nan) == StyledText("—"))
        #expect(formatter.percentText(.infinity) == "—")
        #expect(formatter.change(.nan, percent: 1, price: usd) == StyledText("—"))
        #expect(formatter.amount(-.infinity, price: usd) == StyledText("—"))
    }

    @Test func precisionIsConfigurable() {
        let one = ChangeFormatter(percentFractionDigits: 1)
        #expect(one.percentText(12.345) == "+12.3%")
        #expect(one.direction(ofPercent: 0.04) == .unchanged)
        #expect(formatter.percentText(12_345.678) == "+12,345.68%")
    }
}
