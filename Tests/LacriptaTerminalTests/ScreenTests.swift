import LacriptaTerminal
import LacriptaTestSupport
import Testing

@Suite struct ScreenTests {
    private let esc = "\u{1B}"

    @Test func firstFrameWritesEachLineAfterErasingIt() async throws {
        let output = RecordingOutput()
        let screen = Screen(output: output)
        try await screen.draw(["BTC 60000", "ETH 3000"])
        #expect(output.writes == ["\r\(esc)[KBTC 60000\n\r\(esc)[KETH 3000\n"])
    }

    @Test func secondFrameRewritesOnlyTheChangedLineInOneWrite() async throws {
        let output = RecordingOutput()
        let screen = Screen(output: output)
        try await screen.draw(["BTC 60000", "ETH 3000", "SOL 150"])
        output.clear()
        try await screen.draw(["BTC 60000", "ETH 3001", "SOL 150"])
        // Up three lines, step over BTC, rewrite ETH, step over SOL: the cursor ends below the frame.
        #expect(output.writes == ["\(esc)[3A\n\r\(esc)[KETH 3001\n\n"])
    }

    @Test func shrinkingFrameErasesTheLeftoverLines() async throws {
        let output = RecordingOutput()
        let screen = Screen(output: output)
        try await screen.draw(["BTC 60000", "ETH 3000", "SOL 150"])
        output.clear()
        try await screen.draw(["BTC 60001"])
        #expect(output.writes == ["\(esc)[3A\r\(esc)[KBTC 60001\n\r\(esc)[J"])
    }

    @Test func growingFrameAppendsNewLines() {
        let update = Screen.update(from: ["a"], to: ["a", "b"])
        #expect(update == "\(esc)[1A\n\r\(esc)[Kb\n")
    }

    @Test func unchangedFrameWritesNothing() async throws {
        let output = RecordingOutput()
        let screen = Screen(output: output)
        try await screen.draw(["same"])
        try await screen.draw(["same"])
        #expect(output.writes.count == 1)
        #expect(Screen.update(from: [], to: []) == "")
    }

    @Test func emptyFrameClearsWhatWasThere() {
        #expect(Screen.update(from: ["a", "b"], to: []) == "\(esc)[2A\r\(esc)[J")
    }

    @Test func embeddedNewlinesCountAsSeparateLines() async throws {
        let output = RecordingOutput()
        let screen = Screen(output: output)
        try await screen.draw(["a\nb"])
        output.clear()
        try await screen.draw(["a", "c"])
        #expect(output.text == "\(esc)[2A\n\r\(esc)[Kc\n")
    }

    @Test func styledFramesAreTrimmedToTheWindow() async throws {
        let output = RecordingOutput()
        let screen = Screen(output: output)
        let lines: [StyledText] = ["Bitcoin rallies", StyledText("▲ +1.50%", style: .positive), "third", "fourth"]
        try await screen.draw(lines, renderer: .colored, size: TerminalSize(columns: 8, rows: 3))
        #expect(output.text == "\r\(esc)[KBitcoin…\n\r\(esc)[K\(esc)[32m▲ +1.50%\(esc)[0m\n")
    }

    @Test func hideAndRestoreLeaveTheTerminalClean() async throws {
        let output = RecordingOutput()
        let screen = Screen(output: output)
        try await screen.hideCursor()
        try await screen.draw(["x"])
        try await screen.restore()
        #expect(output.writes == ["\(esc)[?25l", "\r\(esc)[Kx\n", "\(esc)[0m\(esc)[?25h"])
    }

    @Test func closedOutputSurfacesAsAnError() async throws {
        let output = RecordingOutput()
        output.closeReader()
        let screen = Screen(output: output)
        await #expect(throws: TerminalOutputError.closed) { try await screen.draw(["x"]) }
    }
}
