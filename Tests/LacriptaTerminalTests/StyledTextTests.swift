import LacriptaTerminal
import Testing

@Suite struct StyledTextTests {
    @Test func hostileTextIsSanitizedWhenTheSegmentIsMade() {
        let text = StyledText("Title\u{1B}[2J\u{1B}]0;pwned\u{07} end\u{9B}31m", style: .bold)
        #expect(text.plainText == "Title end")
        // The renderer adds only its own SGR escapes; without them no control character is left.
        let rendered = ANSIRenderer.colored.render(text)
        #expect(rendered == "\u{1B}[1mTitle end\u{1B}[0m")
        #expect(isTerminalSafe(strippingEscapes(rendered)))
    }

    @Test func lineBreaksSurviveInsideSegments() {
        #expect(StyledText("a\r\nb\tc").plainText == "a\nb c")
    }

    @Test func neighbouringRunsWithTheSameStyleMerge() {
        var text = StyledText("a", style: .negative)
        text.append("b", style: .negative)
        text.append("", style: .positive)
        text.append("c")
        #expect(text.segments.map(\.text) == ["ab", "c"])
        #expect(text == StyledText("ab", style: .negative) + StyledText("c"))
    }

    @Test func literalsDescriptionAndJoining() {
        let literal: StyledText = "Top coins"
        #expect(literal.segments == [StyledText.Segment("Top coins")])
        #expect("\(StyledText("x", style: .negative))" == "x")
        let joined = StyledText.joined(["a", "b", "c"], separator: StyledText(" | ", style: .dim))
        #expect(joined.plainText == "a | b | c")
        #expect(StyledText().isEmpty)
    }

    @Test func truncationKeepsStylesAndEndsInAnEllipsis() {
        let text = StyledText("Bitcoin", style: .bold) + StyledText(" Cash", style: .dim)
        let cut = text.truncated(toWidth: 9)
        #expect(cut.plainText == "Bitcoin…")
        #expect(cut.segments == [StyledText.Segment("Bitcoin…", style: .bold)])
        let longer = text.truncated(toWidth: 11)
        #expect(longer.plainText == "Bitcoin Ca…")
        #expect(longer.segments.last == StyledText.Segment(" Ca…", style: .dim))
        #expect(text.truncated(toWidth: 12) == text)
        #expect(text.truncated(toWidth: 0).isEmpty)
    }

    @Test func truncationNeverSplitsAWideCharacter() {
        let text = StyledText("日本語テキスト", style: .accent)
        let cut = text.truncated(toWidth: 6)
        #expect(cut.plainText == "日本…")
        #expect(cut.displayWidth == 5)
        #expect(text.fitted(toWidth: 6).displayWidth == 6)
    }

    @Test func paddingAddsPlainSpaces() {
        let text = StyledText("42", style: .positive)
        #expect(
            text.padded(toWidth: 5, alignment: .right).segments == [
                StyledText.Segment("   "), StyledText.Segment("42", style: .positive),
            ])
        #expect(text.padded(toWidth: 5, alignment: .center).plainText == " 42  ")
        #expect(text.padded(toWidth: 1) == text)
    }

    @Test func singleLineAndTrailingSpaceTrimming() {
        #expect(StyledText("a\nb\n").singleLine().plainText == "a b ")
        let trimmed = (StyledText("x", style: .negative) + StyledText("  ", style: .bold)).trimmingTrailingSpaces()
        #expect(trimmed == StyledText("x", style: .negative))
    }

    @Test func restyledHighlightsEveryRun() {
        let text = StyledText("a", style: .positive) + StyledText("b")
        let highlighted = text.restyled { $0.reversed }
        #expect(highlighted.segments.map(\.style) == [TextStyle(foreground: .up, reverse: true), .reverse])
    }
}
