import Testing

@testable import LacriptaSimulator

@Suite("DISPLAY formatting")
struct DisplayFormatterTests {
    @Test("Re-formatting the recorded USD RAW values reproduces every recorded DISPLAY string")
    func reproducesRecordedDisplay() throws {
        let items = try Fixtures.document(.toplistUSD)["Data"]?.arrayElements ?? []
        var checked = 0
        for item in items {
            guard let raw = item["RAW"]?["USD"], let display = item["DISPLAY"]?["USD"] else { continue }
            for (field, kind) in ToplistCurrencyConverter.convertedFields {
                guard let value = raw[field]?.doubleValue, let expected = display[field]?.stringValue else { continue }
                #expect(DisplayFormatter.format(value, sign: "$", kind: kind) == expected, "\(field) \(value)")
                checked += 1
            }
        }
        #expect(checked > 500)
    }

    @Test(
        "Signs, separators and significant digits",
        arguments: [
            (90176.2230825884, DisplayFormatter.Kind.price, "€ 90,176.2"),
            (0.0000102751275982814, .price, "€ 0.00001028"),
            (0, .price, "€ 0"),
            (-1196.62, .change, "€ -1,196.62"),
            (-0.00083, .change, "€ -0.00083"),
            (0, .change, "€ 0.0"),
            (1_800_887_889_241.2793, .abbreviated, "€ 1,800.89 B"),
            (983.39, .abbreviated, "€ 983.39"),
        ])
    func formats(value: Double, kind: DisplayFormatter.Kind, expected: String) {
        #expect(DisplayFormatter.format(value, sign: "€", kind: kind) == expected)
    }
}
