/// The xterm 256-colour palette and the mapping of any colour to its nearest entry: pure tables,
/// so a theme's 24-bit colours land on the closest shade a 256- or 16-colour terminal has.
public enum ColorPalette {
    /// The RGB of the 16 ANSI colours as xterm shows them by default; a terminal theme may differ,
    /// which is why a 16-colour terminal is sent the ANSI code and never an RGB guess.
    public static let ansi: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// The six levels of each channel of the 6×6×6 cube (indexes 16–231).
    static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The RGB of palette index `index`: the ANSI colours (0–15), the cube (16–231), the grey
    /// ramp 8, 18, …, 238 (232–255).
    public static func rgb(ofIndex index: UInt8) -> RGB {
        switch index {
        case 0..<16:
            return ansi[Int(index)]
        case 16..<232:
            let cube = Int(index) - 16
            return RGB(cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
        default:
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return RGB(level, level, level)
        }
    }

    /// The index from 16 to 255 nearest to `rgb`. The first 16 are left out: terminals change
    /// them with their theme, so they are no fixed colour to aim at.
    public static func nearestIndex(to rgb: RGB) -> UInt8 {
        var best: UInt8 = 16
        var bestDistance = Int.max
        for index in UInt8(16)...UInt8(255) {
            let distance = rgb.distanceSquared(to: Self.rgb(ofIndex: index))
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    /// The ANSI colour nearest to `rgb` (ties go to the lower index, the normal colour).
    public static func nearestANSI(to rgb: RGB) -> Color {
        var best = 0
        for index in ansi.indices where rgb.distanceSquared(to: ansi[index]) < rgb.distanceSquared(to: ansi[best]) {
            best = index
        }
        return Color.allCases[best]
    }
}
