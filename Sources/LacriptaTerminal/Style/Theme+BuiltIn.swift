/// The five built-in themes. Each must tell up from down at every `ColorDepth` (mono by its
/// markers alone); `ThemeTests` checks that on the 16-colour mapping too.
extension Theme {
    /// The default: the terminal's own ANSI colours, which its theme already tunes to its
    /// background. Its output is byte for byte what lacripta wrote before themes.
    public static let dark = Theme(
        name: "dark",
        colors: [
            .up: .ansi(.green), .down: .ansi(.red), .unchanged: .ansi(.yellow), .accent: .ansi(.cyan),
            .warning: .ansi(.yellow), .error: .ansi(.red), .ok: .ansi(.green), .mark: .ansi(.yellow),
            .series1: .ansi(.cyan), .series2: .ansi(.magenta), .series3: .ansi(.yellow), .series4: .ansi(.green),
        ])

    /// Darker shades for a light background, where yellow and cyan fade into white; each maps on
    /// a 16-colour terminal to the ANSI colour of the same hue (a dark grey to bright black).
    public static let light = Theme(
        name: "light",
        colors: [
            .up: .indexed(28), .down: .indexed(124), .unchanged: .indexed(240), .accent: .indexed(26),
            .warning: .indexed(136), .error: .indexed(124), .ok: .indexed(28), .mark: .indexed(90),
            .series1: .indexed(26), .series2: .indexed(90), .series3: .indexed(136), .series4: .indexed(28),
        ])

    /// The brightest colours and no dim text, for a dark background.
    public static let highContrast = Theme(
        name: "high-contrast",
        colors: [
            .up: .ansi(.brightGreen), .down: .ansi(.brightRed), .unchanged: .ansi(.brightYellow), .accent: .ansi(.brightCyan),
            .muted: .ansi(.white), .warning: .ansi(.brightYellow), .error: .ansi(.brightRed), .ok: .ansi(.brightGreen), .mark: .ansi(.brightYellow),
            .series1: .ansi(.brightCyan), .series2: .ansi(.brightMagenta), .series3: .ansi(.brightYellow), .series4: .ansi(.brightGreen),
        ],
        usesDim: false)

    /// Up in blue and down in orange (Okabe and Ito's palette, which the common colour-vision
    /// deficiencies still tell apart), never red against green; on 16 colours, bright blue
    /// against yellow.
    public static let colorblind = Theme(
        name: "colorblind",
        colors: [
            .up: .rgb(RGB(86, 180, 233)), .down: .rgb(RGB(230, 159, 0)), .unchanged: .ansi(.white), .accent: .rgb(RGB(204, 121, 167)),
            .warning: .rgb(RGB(240, 228, 66)), .error: .rgb(RGB(213, 94, 0)), .ok: .rgb(RGB(0, 158, 115)), .mark: .rgb(RGB(240, 228, 66)),
            .series1: .rgb(RGB(86, 180, 233)), .series2: .rgb(RGB(230, 159, 0)), .series3: .rgb(RGB(0, 158, 115)),
            .series4: .rgb(RGB(204, 121, 167)),
        ])

    /// No colour at all; bold, dim and reverse video still mark headers, detail and selections.
    public static let mono = Theme(name: "mono", colors: [:])
}
