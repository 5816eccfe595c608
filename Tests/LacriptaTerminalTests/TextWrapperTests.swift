import LacriptaTerminal
import Testing

@Suite struct TextWrapperTests {
    @Test func wrapsAtWordBoundaries() {
        let lines = TextWrapper(width: 20).wrap("The quick brown fox jumps over the lazy dog")
        #expect(lines == ["The quick brown fox", "jumps over the lazy", "dog"])
    }

    @Test func aWordThatExactlyFillsTheLineStaysWhole() {
        #expect(TextWrapper(width: 5).wrap("abcde fghij") == ["abcde", "fghij"])
    }

    @Test func longWordsAreHardBroken() {
        #expect(TextWrapper(width: 4).wrap("abcdefghij xy") == ["abcd", "efgh", "ij", "xy"])
        #expect(TextWrapper(width: 6).wrap("to 0x1234567890abcdef") == ["to", "0x1234", "567890", "abcdef"])
    }

    @Test func paragraphBreaksAndBlankLinesSurvive() {
        let text = "First paragraph here.\n\nSecond one.\nThird line"
        #expect(TextWrapper(width: 12).wrap(text) == ["First", "paragraph", "here.", "", "Second one.", "Third line"])
    }

    @Test func wideCharactersCountTwoAndAreNeverSplit() {
        let lines = TextWrapper(width: 5).wrap("日本語テキスト")
        #expect(lines == ["日本", "語テ", "キス", "ト"])
        #expect(lines.allSatisfy { $0.displayWidth <= 5 })
        #expect(TextWrapper(width: 1).wrap("日本") == ["日", "本"])
    }

    @Test func spacesCollapseAndNoLineEndsInSpace() {
        let lines = TextWrapper(width: 10).wrap("  lots    of   space   here  ")
        #expect(lines == ["lots of", "space here"])
        #expect(TextWrapper(width: 10).wrap("a\u{00A0}b c") == ["a\u{00A0}b c"])
    }

    @Test func indentIsAddedToEveryNonEmptyLineAndCounted() {
        let lines = TextWrapper(width: 12, indent: "  ").wrap("one two three four\n\nfive")
        #expect(lines == ["  one two", "  three four", "", "  five"])
        #expect(lines.allSatisfy { $0.displayWidth <= 12 })
    }

    @Test func degenerateWidthsStillMakeProgress() {
        #expect(TextWrapper(width: 0).wrap("ab") == ["a", "b"])
        #expect(TextWrapper(width: 2, indent: "    ").wrap("ab") == ["    a", "    b"])
        #expect(TextWrapper(width: 10).wrap("") == [""])
    }
}
