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

    /// A regression guard for the quadratic cut (a 200,000-character word took 78 s): the output
    /// is checked piece by piece, so the test means something however fast it runs.
    @Test func aVeryLongWordIsCutIntoFullLines() {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        let word = String((0..<200_000).map { alphabet[$0 % alphabet.count] })
        let lines = TextWrapper(width: 80).wrap("start " + word + " end")
        #expect(lines.count == 2 + 200_000 / 80)
        #expect(lines.first == "start")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.count == 80 })
        #expect(lines.last == "end")
        // A Bool, so a failure does not print two 200,000-character strings.
        let piecesRebuildTheWord = lines.dropFirst().dropLast().joined() == word
        #expect(piecesRebuildTheWord)
    }

    @Test func longRunsOfWideCharactersFillEveryLine() {
        let text = String(repeating: "日本語", count: 13_334)  // 40,002 characters, 80,004 cells
        let lines = TextWrapper(width: 81).wrap(text)
        #expect(lines.count == (80_004 + 79) / 80)
        #expect(lines.dropLast().allSatisfy { $0.displayWidth == 80 && $0.count == 40 })
        let linesRebuildTheText = lines.joined() == text
        #expect(linesRebuildTheText)
    }

    @Test func cutsNeverSplitAGraphemeCluster() {
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        let accented = "e\u{0301}\u{0323}"
        let word = String(repeating: family + accented, count: 50)
        for width in 1...9 {
            let lines = TextWrapper(width: width).wrap(word)
            #expect(lines.joined() == word)
            for line in lines {
                #expect(line.unicodeScalars.first == "👨" || line.unicodeScalars.first == "e")
                #expect(line.displayWidth <= max(width, 2))
            }
        }
    }

    @Test func aLongWordStartsOnItsOwnLineAndItsTailTakesTheNextWord() {
        #expect(TextWrapper(width: 5).wrap("ab cdefghijkl m no") == ["ab", "cdefg", "hijkl", "m no"])
        #expect(TextWrapper(width: 5).wrap("abcdefg hi") == ["abcde", "fg hi"])
    }
}
