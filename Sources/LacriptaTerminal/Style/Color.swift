/// One of the 16 standard ANSI foreground colours.
///
/// Only these are offered (no 256-colour or RGB) because the terminal's theme maps them to shades
/// that read on its own background; a fixed RGB green is invisible on some light themes. Prefer
/// `red`, `green`, `yellow` and `cyan` plus bold/dim: `white`, `black` and the bright variants
/// vanish on one background or the other.
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
}
