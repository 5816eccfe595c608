/// How many colours a terminal can show, which decides how a theme's colours are written.
///
/// A 24-bit colour is written as is only where the terminal says it can show it; elsewhere it is
/// mapped to the nearest of the 256 (or the 16) colours, since a terminal that does not know
/// `38;2;r;g;b` shows something arbitrary or nothing.
public enum ColorDepth: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The 16 ANSI colours (SGR 30–37, 90–97): every colour terminal.
    case ansi16
    /// The xterm 256-colour palette (SGR `38;5;n`): `TERM` ending in `256color`.
    case indexed256
    /// Any RGB colour (SGR `38;2;r;g;b`): `COLORTERM=truecolor` or `24bit`.
    case trueColor

    /// The depth the environment announces: `COLORTERM` of `truecolor` or `24bit` (the convention
    /// terminals and tmux follow) for 24-bit, a `TERM` with `256color` for 256, else 16.
    public static func resolve(environment: [String: String]) -> ColorDepth {
        let colorTerm = (environment[.colorTerm] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        if (environment[.term] ?? "").lowercased().contains("256color") { return .indexed256 }
        return .ansi16
    }

    /// Orders by the number of colours.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.colors < rhs.colors }

    /// How many colours the depth offers.
    public var colors: Int {
        switch self {
        case .ansi16: 16
        case .indexed256: 256
        case .trueColor: 1 << 24
        }
    }
}
