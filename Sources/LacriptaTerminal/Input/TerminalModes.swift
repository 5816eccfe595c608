/// The private-mode sequences a full-screen view switches on and off, spelled in one place next
/// to `ANSI`'s styling and cursor constants.
public enum TerminalModes {
    /// Switches to the alternate screen and saves the cursor (`ESC [ ? 1049 h`), so the shell's
    /// screen and scrollback come back untouched on exit. Understood by xterm, tmux and screen.
    public static let enterAlternateScreen = ANSI.csi + "?1049h"
    /// Leaves the alternate screen and restores the cursor (`ESC [ ? 1049 l`).
    public static let leaveAlternateScreen = ANSI.csi + "?1049l"
    /// Asks the terminal to hold drawing until `endSynchronizedUpdate` (`ESC [ ? 2026 h`), so a frame
    /// appears at once. Terminals that do not know the mode ignore it, which is harmless.
    public static let beginSynchronizedUpdate = ANSI.csi + "?2026h"
    /// Ends a synchronized update (`ESC [ ? 2026 l`).
    public static let endSynchronizedUpdate = ANSI.csi + "?2026l"
    /// Turns off line wrap at the right margin (`ESC [ ? 7 l`), so a frame line that is exactly as
    /// wide as the window never pushes the cursor onto the next row.
    public static let disableAutoWrap = ANSI.csi + "?7l"
    /// Turns line wrap back on (`ESC [ ? 7 h`), the default every shell expects.
    public static let enableAutoWrap = ANSI.csi + "?7h"

    /// Asks the terminal to mark pasted text (`ESC [ ? 2004 h`): it arrives between `ESC [ 200 ~`
    /// and `ESC [ 201 ~`, which `KeyParser` turns into one `.paste`, so a paste is one edit and
    /// never a burst of commands. Terminals that do not know the mode ignore it.
    public static let enableBracketedPaste = ANSI.csi + "?2004h"
    /// Turns bracketed paste off again (`ESC [ ? 2004 l`), as the shell had it.
    public static let disableBracketedPaste = ANSI.csi + "?2004l"

    /// Moves the cursor to `row` and `column`, both counted from 1 (`ESC [ row ; column H`).
    public static func cursorPosition(row: Int, column: Int) -> String {
        "\(ANSI.csi)\(max(1, row));\(max(1, column))H"
    }

    /// Everything a full-screen view turns on: alternate screen, no wrap, hidden cursor, bracketed
    /// paste, and a clear screen to draw on.
    public static let enterFullScreen =
        enterAlternateScreen + disableAutoWrap + ANSI.hideCursor + enableBracketedPaste + ANSI.cursorHome + ANSI.eraseScreen

    /// Everything undone, in reverse order: attributes reset, bracketed paste off, cursor shown,
    /// wrap on, main screen back. A plain constant so the exit path can write it in one go,
    /// whatever state the view was in.
    public static let leaveFullScreen =
        ANSI.resetAttributes + endSynchronizedUpdate + disableBracketedPaste + ANSI.showCursor + enableAutoWrap + leaveAlternateScreen
}
