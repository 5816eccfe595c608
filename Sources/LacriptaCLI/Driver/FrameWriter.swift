import LacriptaTerminal

/// Turns successive full-screen frames into the bytes that update the terminal: only the rows
/// that changed, each addressed absolutely, the whole update wrapped in a synchronized-output
/// block and written in one go. Nothing is ever cleared and repainted row by row, so there is
/// no flicker, and unchanged frames cost no bytes at all.
///
/// A row is written as `ESC [ row ; 1 H`, the text, then `ESC [ K` to erase what the old row had
/// beyond it. The erase is left out when the text fills the row: auto-wrap is off in the view
/// (`TerminalModes.enterFullScreen`), so the cursor sits on the last cell and an erase there
/// would eat the last character.
struct FrameWriter: Sendable {
    /// The rendered rows on screen, or `nil` when the screen's content is unknown (first frame,
    /// after a resize, a resume or Ctrl-L) and every row must be written.
    private var shown: [String]?

    /// A writer that will paint the first frame in full.
    init() {}

    /// Forgets what is on screen, so the next update rewrites every row.
    mutating func invalidate() {
        shown = nil
    }

    /// The bytes that turn the screen into `lines` (one per row from the top, each at most
    /// `columns` cells), or "" when nothing changed.
    mutating func update(to lines: [StyledText], renderer: ANSIRenderer, columns: Int) -> String {
        let rendered = lines.map { renderer.render($0) }
        var bytes = ""
        for (index, line) in rendered.enumerated() {
            if let shown, index < shown.count, shown[index] == line { continue }
            bytes += TerminalModes.cursorPosition(row: index + 1, column: 1) + line
            if lines[index].displayWidth < columns { bytes += ANSI.eraseToEndOfLine }
        }
        shown = rendered
        guard !bytes.isEmpty else { return "" }
        return TerminalModes.beginSynchronizedUpdate + bytes + TerminalModes.endSynchronizedUpdate
    }
}
