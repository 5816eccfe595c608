import LacriptaTerminal
import Testing

@Suite struct ANSIRendererTests {
    @Test func styledRunsGetExactSGREscapes() {
        let text = StyledText("BTC", style: .bold) + StyledText(" ") + StyledText("▲ +1.50%", style: .positive)
        #expect(ANSIRenderer.colored.render(text) == "\u{1B}[1mBTC\u{1B}[0m \u{1B}[32m▲ +1.50%\u{1B}[0m")
    }

    @Test func attributesComeBeforeTheColourInOneSequence() {
        let style = TextStyle(foreground: .down, bold: true, dim: true, underline: true, reverse: true)
        #expect(ANSIRenderer.colored.render(StyledText("x", style: style)) == "\u{1B}[1;2;4;7;31mx\u{1B}[0m")
        #expect(ANSI.sgr(parameters: ANSIRenderer.colored.parameters(for: style)) == "\u{1B}[1;2;4;7;31m")
    }

    @Test func monochromeKeepsAttributesAndDropsColours() {
        let text = StyledText("best", style: TextStyle(foreground: .up, reverse: true)) + StyledText(" up", style: .positive)
        #expect(ANSIRenderer.monochrome.render(text) == "\u{1B}[7mbest\u{1B}[0m up")
        let screen = TerminalCapabilities(isTerminal: true, colorEnabled: false)
        #expect(screen.screenRenderer == .monochrome && screen.renderer == .plain)
        #expect(TerminalCapabilities(isTerminal: true, colorEnabled: true).screenRenderer == .colored)
    }

    @Test func plainRendererWritesOnlyTheText() {
        let text = StyledText("Bitcoin", style: .accent) + StyledText(" $60,000.00", style: .bold)
        #expect(ANSIRenderer.plain.render(text) == "Bitcoin $60,000.00")
    }

    @Test func plainStyleRunsNeverGetEscapes() {
        #expect(ANSIRenderer.colored.render(StyledText("just text")) == "just text")
        #expect(TextStyle.plain.isPlain)
        #expect(!TextStyle.dim.isPlain)
    }

    @Test(arguments: [
        StyledText("a", style: .positive) + StyledText("b") + StyledText("c\nd", style: .reverse),
        StyledText("日本語", style: .accent) + StyledText("\n\n", style: .bold) + StyledText("🚀", style: .dim),
        StyledText(),
        StyledText("line one\nline two", style: TextStyle(foreground: .unchanged, bold: true)),
    ])
    func plainOutputIsColouredOutputWithoutEscapes(text: StyledText) {
        let colored = ANSIRenderer.colored.render(text)
        let plain = ANSIRenderer.plain.render(text)
        #expect(strippingEscapes(colored) == plain)
        #expect(Array(strippingEscapes(colored).utf8) == Array(plain.utf8))
    }

    @Test func styleIsClosedBeforeEachLineBreakAndReopenedAfter() {
        let text = StyledText("one\ntwo", style: .reverse)
        #expect(ANSIRenderer.colored.render(text) == "\u{1B}[7mone\u{1B}[0m\n\u{1B}[7mtwo\u{1B}[0m")
    }

    @Test func renderLinesEndsEveryLineWithNewline() {
        let lines: [StyledText] = ["a", StyledText("b", style: .negative)]
        #expect(ANSIRenderer.plain.render(lines: lines) == "a\nb\n")
        #expect(ANSIRenderer.colored.render(lines: lines) == "a\n\u{1B}[31mb\u{1B}[0m\n")
    }

    @Test func everyColourMapsToItsForegroundCode() {
        let expected: [Color: UInt8] = [
            .black: 30, .red: 31, .green: 32, .yellow: 33, .blue: 34, .magenta: 35, .cyan: 36, .white: 37,
            .brightBlack: 90, .brightRed: 91, .brightGreen: 92, .brightYellow: 93, .brightBlue: 94,
            .brightMagenta: 95, .brightCyan: 96, .brightWhite: 97,
        ]
        for color in Color.allCases {
            #expect(color.foreground.rawValue == expected[color])
        }
    }

    @Test func cursorMovementHelpersOmitZeroMoves() {
        #expect(ANSI.cursorUp(3) == "\u{1B}[3A")
        #expect(ANSI.cursorUp(0) == "")
        #expect(ANSI.restoreTerminal == "\u{1B}[0m\u{1B}[?25h")
        #expect(ANSI.sgr([]) == "\u{1B}[0m")
    }

    @Test func capabilitiesHandOutTheMatchingRenderer() {
        #expect(TerminalCapabilities(isTerminal: true, colorEnabled: true).renderer == .colored)
        #expect(TerminalCapabilities(isTerminal: false, colorEnabled: false).renderer == .plain)
    }
}
