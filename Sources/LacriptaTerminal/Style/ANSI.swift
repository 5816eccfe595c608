/// Named ANSI/VT100 control sequences, so no other file spells an escape by hand.
public enum ANSI {
    /// The escape character (U+001B) that starts every sequence.
    public static let escape = "\u{1B}"
    /// Control Sequence Introducer, `ESC [`.
    public static let csi = "\u{1B}["
    /// BEL (U+0007): rings the bell, and ends an OSC sequence.
    public static let bell = "\u{07}"

    /// `ESC [ c1;c2… m`; an empty list means reset, like the terminal reads `ESC [ m`.
    public static func sgr(_ codes: [SGR]) -> String {
        sgr(parameters: codes.map(\.rawValue))
    }

    /// `ESC [ p1;p2… m` from numeric parameters (an extended colour's `38;5;n` among them).
    public static func sgr(parameters: [UInt8]) -> String {
        let list = parameters.isEmpty ? [SGR.reset.rawValue] : parameters
        return csi + list.map { String($0) }.joined(separator: ";") + "m"
    }

    /// Resets all attributes: `ESC [ 0 m`.
    public static let resetAttributes = sgr([.reset])

    /// Moves the cursor up `lines` rows, staying in the same column; empty for `lines <= 0`
    /// because `ESC [ 0 A` would still move one row.
    public static func cursorUp(_ lines: Int) -> String {
        lines > 0 ? "\(csi)\(lines)A" : ""
    }

    /// Moves the cursor to the top-left corner: `ESC [ H`.
    public static let cursorHome = csi + "H"
    /// Erases from the cursor to the end of the line: `ESC [ K`.
    public static let eraseToEndOfLine = csi + "K"
    /// Erases from the cursor to the end of the screen: `ESC [ J`.
    public static let eraseBelow = csi + "J"
    /// Erases the whole screen (cursor does not move): `ESC [ 2 J`.
    public static let eraseScreen = csi + "2J"
    /// Hides the text cursor (DECTCEM reset): `ESC [ ? 25 l`.
    public static let hideCursor = csi + "?25l"
    /// Shows the text cursor (DECTCEM set): `ESC [ ? 25 h`.
    public static let showCursor = csi + "?25h"

    /// What to write on exit or on a signal to leave the terminal usable: attributes reset and
    /// cursor shown. A plain constant so a signal handler can `write(2)` it without allocating.
    public static let restoreTerminal = resetAttributes + showCursor
}
