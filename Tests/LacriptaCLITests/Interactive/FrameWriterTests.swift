import LacriptaTerminal
import LacriptaTestSupport
import Testing

@testable import LacriptaCLI

@Suite("Frame writes: one write per frame, only changed rows, nothing for an unchanged frame")
struct FrameWriterTests {
    private let esc = "\u{1B}"
    private var begin: String { "\(esc)[?2026h" }
    private var end: String { "\(esc)[?2026l" }

    /// Renders each frame through a writer into a recording terminal, one write per frame.
    private func record(_ frames: [[StyledText]], columns: Int = 10, invalidateBefore: Set<Int> = []) throws -> [String] {
        let output = RecordingOutput()
        var writer = FrameWriter()
        for (index, frame) in frames.enumerated() {
            if invalidateBefore.contains(index) { writer.invalidate() }
            let bytes = writer.update(to: frame, renderer: .colored, columns: columns)
            if !bytes.isEmpty { try output.write(bytes) }
        }
        return output.writes
    }

    @Test("the first frame writes every row at its position, erasing what follows each")
    func firstFrame() throws {
        let writes = try record([["top", "", "end"]])
        #expect(writes == ["\(begin)\(esc)[1;1Htop\(esc)[K\(esc)[2;1H\(esc)[K\(esc)[3;1Hend\(esc)[K\(end)"])
    }

    @Test("a later frame rewrites only the rows that changed; an equal frame writes nothing")
    func onlyChanges() throws {
        let writes = try record([["a", "b", "c"], ["a", "B", "c"], ["a", "B", "c"]])
        #expect(writes.count == 2)
        #expect(writes[1] == "\(begin)\(esc)[2;1HB\(esc)[K\(end)")
    }

    @Test("a row as wide as the window is not followed by an erase that would eat its last cell")
    func fullWidthRow() throws {
        let writes = try record([["0123456789", "short"]])
        #expect(writes == ["\(begin)\(esc)[1;1H0123456789\(esc)[2;1Hshort\(esc)[K\(end)"])
    }

    @Test("after invalidate (resize, resume, Ctrl-L) the whole frame is written again")
    func invalidate() throws {
        let writes = try record([["a", "b"], ["a", "b"]], invalidateBefore: [1])
        #expect(writes.count == 2 && writes[0] == writes[1])
    }

    @Test("styles are rendered inside the row and reset before the erase")
    func styled() throws {
        let writes = try record([[StyledText("x", style: .reverse)]])
        #expect(writes == ["\(begin)\(esc)[1;1H\(esc)[7mx\(esc)[0m\(esc)[K\(end)"])
    }

    @Test("entering and leaving the full screen undo each other")
    func modes() {
        #expect(TerminalModes.enterFullScreen.hasPrefix("\(esc)[?1049h"))
        #expect(TerminalModes.enterFullScreen.contains("\(esc)[?25l") && TerminalModes.enterFullScreen.contains("\(esc)[?7l"))
        #expect(TerminalModes.leaveFullScreen.hasSuffix("\(esc)[?1049l"))
        #expect(TerminalModes.leaveFullScreen.contains("\(esc)[?25h") && TerminalModes.leaveFullScreen.contains("\(esc)[?7h"))
        #expect(TerminalModes.leaveFullScreen.contains("\(esc)[0m"))
        // Bracketed paste on while the view runs (pastes arrive as one piece), off again after.
        #expect(TerminalModes.enterFullScreen.contains("\(esc)[?2004h") && TerminalModes.leaveFullScreen.contains("\(esc)[?2004l"))
    }
}
