/// Select Graphic Rendition parameters: the numbers inside `ESC [ … m`.
///
/// Styling codes only ever come from this enum and from numbers (a palette index, an RGB channel:
/// `TerminalColor`), never from strings we received, so nothing a server sends can smuggle its
/// own escape sequence through the renderer.
public enum SGR: UInt8, Sendable, Hashable, CaseIterable {
    /// Resets every attribute and colour to the terminal default.
    case reset = 0
    case bold = 1
    case dim = 2
    case italic = 3
    case underline = 4
    case reverse = 7
    /// Turns off both bold and dim (there is no separate "not bold").
    case normalIntensity = 22
    case noItalic = 23
    case noUnderline = 24
    case noReverse = 27

    case black = 30
    case red = 31
    case green = 32
    case yellow = 33
    case blue = 34
    case magenta = 35
    case cyan = 36
    case white = 37
    /// Followed by `5;n` (palette index) or `2;r;g;b` (24-bit): an extended foreground colour.
    case extendedForeground = 38
    /// The theme's own foreground colour.
    case defaultForeground = 39

    case brightBlack = 90
    case brightRed = 91
    case brightGreen = 92
    case brightYellow = 93
    case brightBlue = 94
    case brightMagenta = 95
    case brightCyan = 96
    case brightWhite = 97
}
