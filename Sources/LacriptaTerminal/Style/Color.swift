/// One of the 16 standard ANSI foreground colours.
///
/// The default theme uses only these, because the terminal's own theme maps them to shades that
/// read on its background; a fixed RGB green is invisible on some light themes. Richer colours
/// (`TerminalColor.indexed`, `.rgb`) come from the other themes and the user's `color.*`
/// settings. Screens never name a colour: they style by `ColorRole`.
public enum Color: Sendable, Hashable, CaseIterable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite

    /// The SGR code that selects this colour as the foreground.
    public var foreground: SGR {
        switch self {
        case .black: .black
        case .red: .red
        case .green: .green
        case .yellow: .yellow
        case .blue: .blue
        case .magenta: .magenta
        case .cyan: .cyan
        case .white: .white
        case .brightBlack: .brightBlack
        case .brightRed: .brightRed
        case .brightGreen: .brightGreen
        case .brightYellow: .brightYellow
        case .brightBlue: .brightBlue
        case .brightMagenta: .brightMagenta
        case .brightCyan: .brightCyan
        case .brightWhite: .brightWhite
        }
    }

    /// The colour's index in the 256-colour palette (0–15), in `allCases` order.
    public var index: UInt8 { UInt8(Self.allCases.firstIndex(of: self) ?? 0) }

    /// The ANSI colour at palette index `index`; nil from 16 up.
    public init?(index: UInt8) {
        guard index < 16 else { return nil }
        self = Self.allCases[Int(index)]
    }
}
