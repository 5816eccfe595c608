/// A colour as a theme or the config file names it: one of the 16 ANSI colours, an index of the
/// xterm 256-colour palette, or a 24-bit RGB colour.
///
/// The SGR parameters depend on the terminal's `ColorDepth`: richer colours are mapped down to the
/// nearest one the terminal can show (`ColorPalette`), never written in a form it may not know.
public enum TerminalColor: Sendable, Hashable {
    /// One of the 16 ANSI colours: the terminal's own shade of it, at every depth.
    case ansi(Color)
    /// An index of the 256-colour palette from 16 to 255 (0–15 are `ansi`).
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(RGB)

    /// The colour at palette index `index`: 0–15 are the ANSI colours, 16–255 the cube and greys.
    public init(index: UInt8) {
        if let color = Color(index: index) {
            self = .ansi(color)
        } else {
            self = .indexed(index)
        }
    }

    /// The SGR parameters that select this colour as the foreground at `depth`: `32`, `38;5;28`
    /// or `38;2;0;135;0`.
    public func foregroundParameters(depth: ColorDepth) -> [UInt8] {
        switch self {
        case .ansi(let color):
            return [color.foreground.rawValue]
        case .indexed(let index):
            if depth >= .indexed256 { return [SGR.extendedForeground.rawValue, 5, index] }
            return [ColorPalette.nearestANSI(to: ColorPalette.rgb(ofIndex: index)).foreground.rawValue]
        case .rgb(let rgb):
            switch depth {
            case .trueColor: return [SGR.extendedForeground.rawValue, 2, rgb.red, rgb.green, rgb.blue]
            case .indexed256: return [SGR.extendedForeground.rawValue, 5, ColorPalette.nearestIndex(to: rgb)]
            case .ansi16: return [ColorPalette.nearestANSI(to: rgb).foreground.rawValue]
            }
        }
    }
}

/// A 24-bit colour.
public struct RGB: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    /// Creates a colour from its three channels.
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb`, lower-case, as the config file writes it.
    public var description: String {
        "#" + [red, green, blue].map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// The squared distance to `other` in RGB space: the measure "nearest" uses (the one xterm's
    /// and tmux's own mappings use).
    func distanceSquared(to other: RGB) -> Int {
        let red = Int(self.red) - Int(other.red)
        let green = Int(self.green) - Int(other.green)
        let blue = Int(self.blue) - Int(other.blue)
        return red * red + green * green + blue * blue
    }
}
