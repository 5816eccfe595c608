import LacriptaTerminal
import Testing

/// The built-in themes: the default unchanged, up told from down at every depth, mono without
/// colour but with its attributes, and a role set over a theme.
@Suite("Themes")
struct ThemeTests {
    private func render(_ text: StyledText, _ theme: Theme, _ depth: ColorDepth) -> String {
        ANSIRenderer(colorEnabled: true, theme: theme, depth: depth).render(text)
    }

    @Test("dark, the default, writes the 16 ANSI codes lacripta always wrote, at every depth", arguments: ColorDepth.allCases)
    func darkIsUnchanged(depth: ColorDepth) {
        let text = StyledText("▲", style: .positive) + StyledText("▼", style: .negative) + StyledText("BTC", style: .accent)
        #expect(render(text, .dark, depth) == "\u{1B}[32m▲\u{1B}[0m\u{1B}[31m▼\u{1B}[0m\u{1B}[36mBTC\u{1B}[0m")
        #expect(ANSIRenderer.colored.theme == .dark)
    }

    @Test(
        "every coloured theme tells up from down, and both from unchanged, at every depth",
        arguments: [Theme.dark, .light, .highContrast, .colorblind], ColorDepth.allCases)
    func upFromDown(theme: Theme, depth: ColorDepth) throws {
        let up = try #require(theme.color(for: .up)).foregroundParameters(depth: depth)
        let down = try #require(theme.color(for: .down)).foregroundParameters(depth: depth)
        let unchanged = try #require(theme.color(for: .unchanged)).foregroundParameters(depth: depth)
        #expect(up != down && up != unchanged && down != unchanged)
    }

    @Test("colorblind is blue against orange: never red against green")
    func colorblind() throws {
        let up = try #require(Theme.colorblind.color(for: .up))
        let down = try #require(Theme.colorblind.color(for: .down))
        #expect(up.foregroundParameters(depth: .ansi16) == [Color.brightBlue.foreground.rawValue])
        #expect(down.foregroundParameters(depth: .ansi16) == [Color.yellow.foreground.rawValue])
        #expect(up.foregroundParameters(depth: .trueColor) == [38, 2, 86, 180, 233])
        #expect(down.foregroundParameters(depth: .trueColor) == [38, 2, 230, 159, 0])
    }

    @Test("mono writes no colour but keeps bold, reverse video and dim")
    func mono() {
        let text =
            StyledText("Coin", style: .header) + StyledText("▲ 1%", style: .positive)
            + StyledText("best", style: TextStyle(foreground: .up, reverse: true)) + StyledText("via", style: .secondary)
        #expect(render(text, .mono, .trueColor) == "\u{1B}[1mCoin\u{1B}[0m▲ 1%\u{1B}[7mbest\u{1B}[0m\u{1B}[2mvia\u{1B}[0m")
    }

    @Test("high contrast drops dim and colours muted text instead")
    func highContrast() {
        #expect(render(StyledText("via", style: .secondary), .highContrast, .ansi16) == "\u{1B}[37mvia\u{1B}[0m")
    }

    @Test("a role set over a theme changes that role alone; nil gives the terminal's own colour")
    func roleOverride() {
        let theme = Theme.light.setting(.up, to: .rgb(RGB(0, 170, 255))).setting(.accent, to: nil)
        #expect(render(StyledText("▲", style: .positive), theme, .trueColor) == "\u{1B}[38;2;0;170;255m▲\u{1B}[0m")
        #expect(render(StyledText("BTC", style: .accent), theme, .trueColor) == "BTC")
        #expect(theme.color(for: .down) == Theme.light.color(for: .down))
    }

    @Test("the built-in themes are found by name, in any case")
    func names() {
        #expect(Theme.builtIn.map(\.name) == ["dark", "light", "high-contrast", "colorblind", "mono"])
        #expect(Theme.named("High-Contrast") == .highContrast)
        #expect(Theme.named("solarized") == nil)
    }

    @Test("colour off writes plain text whatever the theme; the screen renderer keeps attributes")
    func colourOffWins() {
        let text = StyledText("▲", style: TextStyle(foreground: .up, bold: true))
        let off = TerminalCapabilities(isTerminal: true, colorEnabled: false, depth: .trueColor, theme: .colorblind)
        #expect(off.renderer.render(text) == "▲")
        #expect(off.screenRenderer.render(text) == "\u{1B}[1m▲\u{1B}[0m")
    }
}
