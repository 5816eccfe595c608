import LacriptaTerminal
import Testing

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("", 0), ("Bitcoin", 7), ("日本語", 6), ("한국어", 6), ("ＡＢＣ", 6), ("ｶﾀｶﾅ", 4),
        ("中文 BTC", 8), ("ビットコイン", 12), ("e\u{0301}", 1), ("é", 1), ("…▲▼°", 4),
        ("🚀", 2), ("👍🏽", 2), ("👨\u{200D}👩\u{200D}👧", 2), ("🇯🇵", 2), ("❤\u{FE0F}", 2), ("❤", 1),
        ("1\u{FE0F}\u{20E3}", 2), ("a\u{200B}b", 2), ("\u{1100}\u{1161}\u{11A8}", 2), ("\u{3000}", 2),
        ("𠀀", 2), ("Ελληνικά", 8), ("Ж", 1),
    ])
    func cellWidths(text: String, width: Int) {
        #expect(DisplayWidth.width(of: text) == width)
        #expect(text.displayWidth == width)
    }

    /// Text of box, block and braille cells is counted scalar by scalar; whatever follows such a
    /// cell (a combining mark, a variation selector, a joiner) sends it through the clusters, so
    /// both ways agree.
    @Test(arguments: [
        "⣿⡇ 42,000.50 ┤", "▁▂▃█▀", "⠁\u{0301}", "│\u{FE0F}", "⣀\u{200D}⣀", "┼\u{20E3}", "⡀日", "a\r\nb", "\u{7F}⠀",
        "$ 87,012.25 ▲ 1.2 %", "░▒▓",
    ])
    func scalarCountingAgreesWithClusters(text: String) {
        #expect(DisplayWidth.width(of: text) == text.reduce(0) { $0 + DisplayWidth.width(of: $1) })
    }

    @Test func controlCharactersTakeNoCells() {
        #expect(DisplayWidth.width(of: "a\u{07}\u{1B}b") == 2)
        #expect(DisplayWidth.width(of: Character("\r\n")) == 0)
    }

    @Test func truncateAddsAnEllipsisOnlyWhenCutting() {
        #expect(DisplayWidth.truncate("Bitcoin", toWidth: 7) == "Bitcoin")
        #expect(DisplayWidth.truncate("Bitcoin", toWidth: 5) == "Bitc…")
        #expect(DisplayWidth.truncate("Bitcoin", toWidth: 1) == "…")
        #expect(DisplayWidth.truncate("Bitcoin", toWidth: 0) == "")
        #expect(DisplayWidth.truncate("Bitcoin", toWidth: -3) == "")
        #expect(DisplayWidth.truncate("Bitcoin Cash", toWidth: 9) == "Bitcoin…")
        #expect(DisplayWidth.truncate("Bitcoin", toWidth: 5, ellipsis: "...") == "Bi...")
        #expect(DisplayWidth.truncate("Bitcoin", toWidth: 2, ellipsis: "...") == "Bi")
    }

    @Test(arguments: 0...12)
    func truncateNeverSplitsWideCharactersOrOverflows(width: Int) {
        let text = "日本a語テ🚀ス"
        let cut = DisplayWidth.truncate(text, toWidth: width)
        #expect(cut.displayWidth <= width)
        #expect(width < text.displayWidth ? cut.hasSuffix("…") || cut.isEmpty : cut == text)
        #expect(text.hasPrefix(String(cut.dropLast())))
        // At most one cell is lost to a wide character that did not fit.
        if width >= 1, width < text.displayWidth { #expect(cut.displayWidth >= width - 1) }
    }

    @Test func wideCharacterAtTheLimitIsDroppedWhole() {
        #expect(DisplayWidth.truncate("ab日本", toWidth: 4) == "ab…")
        #expect(DisplayWidth.prefix(of: "ab日本", fittingWidth: 3) == ("ab", 2))
    }

    @Test func paddingAlignsByCells() {
        #expect(DisplayWidth.pad("ab", toWidth: 5) == "ab   ")
        #expect(DisplayWidth.pad("ab", toWidth: 5, alignment: .right) == "   ab")
        #expect(DisplayWidth.pad("ab", toWidth: 5, alignment: .center) == " ab  ")
        #expect(DisplayWidth.pad("日本", toWidth: 6, alignment: .right) == "  日本")
        #expect(DisplayWidth.pad("toolong", toWidth: 3) == "toolong")
    }

    @Test func fitMakesExactlyTheWidth() {
        #expect(DisplayWidth.fit("日本語テキスト", toWidth: 6) == "日本… ")
        #expect(DisplayWidth.fit("42", toWidth: 4, alignment: .right) == "  42")
        for width in 1...15 {
            #expect(DisplayWidth.fit("한국어 텍스트 🚀", toWidth: width).displayWidth == width)
        }
    }
}
