/// Redraws a block of lines in place, for `--watch` and live views on a terminal.
///
/// After each frame the cursor rests at the start of the line below it. The next frame moves up
/// over the old one and rewrites only the lines that changed (erase line, write), steps over the
/// rest, and erases what is left below when the frame got shorter, all in a single write. There
/// is no clear-screen, so unchanged lines never flicker and the scrollback above is kept.
///
/// Frames must fit the terminal: a line wider than the window wraps and a frame taller than
/// `rows - 1` scrolls, and either puts the redraw out of step. `draw(_:renderer:size:)` trims
/// for you. Only use a `Screen` when the stream is a terminal; pipes get plain line output.
public actor Screen {
    private let output: any TerminalOutput
    /// The rendered lines currently on screen, as last written.
    private var frame: [String] = []

    /// A screen writing to `output` (normally `FileDescriptorOutput.standardOutput`).
    public init(output: any TerminalOutput) {
        self.output = output
    }

    /// Replaces the previous frame with `lines` (already rendered; a line containing `\n` counts
    /// as several). Writes nothing when the frame is unchanged.
    public func draw(_ lines: [String]) throws(TerminalOutputError) {
        try replaceFrame(with: lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) })
    }

    /// Draws styled lines, each made single-line and truncated to `size.columns`, keeping at most
    /// `size.rows - 1` lines so the frame never scrolls.
    public func draw(_ lines: [StyledText], renderer: ANSIRenderer, size: TerminalSize) throws(TerminalOutputError) {
        let visible = lines.prefix(max(1, size.rows - 1))
        // Already one screen line each: no splitting.
        try replaceFrame(with: visible.map { renderer.render($0.singleLine().truncated(toWidth: max(1, size.columns))) })
    }

    /// Writes what turns the frame on screen into `next`, one line per element.
    private func replaceFrame(with next: [String]) throws(TerminalOutputError) {
        let update = Self.update(from: frame, to: next)
        if !update.isEmpty { try output.write(update) }
        frame = next
    }

    /// Hides the cursor so it does not flicker over the frame; undo with `restore()`.
    public func hideCursor() throws(TerminalOutputError) {
        try output.write(ANSI.hideCursor)
    }

    /// Leaves the terminal clean: attributes reset and cursor shown, the cursor staying below the
    /// last frame so later output (or the shell prompt) starts on a fresh line.
    public func restore() throws(TerminalOutputError) {
        try output.write(ANSI.restoreTerminal)
    }

    /// The bytes that turn `old` (on screen, cursor on the line below it) into `new`.
    ///
    /// Each changed line is `\r ESC[K text \n`: erasing *before* writing avoids the erase eating
    /// the last character of a line that exactly fills the width. An unchanged line is `\n`, and
    /// `\r ESC[J` clears what is left when the frame shrank.
    public static func update(from old: [String], to new: [String]) -> String {
        guard old != new else { return "" }
        var bytes = ANSI.cursorUp(old.count)
        for (index, line) in new.enumerated() {
            if index < old.count, old[index] == line {
                bytes += "\n"
            } else {
                bytes += "\r" + ANSI.eraseToEndOfLine + line + "\n"
            }
        }
        if new.count < old.count { bytes += "\r" + ANSI.eraseBelow }
        return bytes
    }
}
