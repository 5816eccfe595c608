/// One key press as the interactive view sees it, decoded from the terminal's bytes by `KeyParser`.
public enum Key: Sendable, Hashable {
    /// A printable character (letters, digits, punctuation, any Unicode text).
    case character(Character)
    /// Ctrl plus a letter, lower-cased: `.control("c")` is Ctrl-C (byte 0x03 in raw mode).
    case control(Character)
    /// Return or Enter (`\r`, `\n`, or keypad Enter).
    case enter
    /// Tab.
    case tab
    /// Shift-Tab (`ESC [ Z`).
    case backTab
    /// Backspace (DEL 0x7F from most terminals, BS 0x08 from some).
    case backspace
    /// Escape on its own (resolved by the caller's timeout, see `KeyParser.flushPendingEscape()`).
    case escape
    /// The arrow keys.
    case up, down, left, right
    /// Home and End, in all their spellings (`ESC [ H`, `ESC O H`, `ESC [ 1 ~`, `ESC [ 7 ~`, …).
    case home, end
    /// Page Up and Page Down.
    case pageUp, pageDown
    /// Insert and Delete (forward delete).
    case insert, delete
    /// A function key, F1 to F12.
    case function(Int)
    /// Text pasted while bracketed paste is on (`ESC [ 200 ~` … `ESC [ 201 ~`), as one piece, so
    /// a text field takes it as one edit and no other screen mistakes it for commands. It is
    /// already cleaned by `Sanitizer` (no controls or escapes; line breaks and tabs are spaces)
    /// and holds at most `KeyParser.maximumPasteLength` characters.
    case paste(String)
    /// A sequence the parser recognised as one key but has no name for; it was consumed whole so
    /// its bytes never turn into stray characters.
    case unknown
}
