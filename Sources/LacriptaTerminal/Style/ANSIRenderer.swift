/// Turns `StyledText` into the bytes to write, with or without SGR escapes.
///
/// With colour off the output is exactly the segments' text; with colour on it is the same text
/// with escapes around styled runs, so stripping the escapes gives the plain output byte for byte.
/// A run's colour role becomes a colour through `theme`, written as `depth` allows. Decide
/// `colorEnabled` and the depth once per stream with `TerminalCapabilities`.
public struct ANSIRenderer: Sendable, Hashable {
    /// Whether styled runs get SGR escapes.
    public let colorEnabled: Bool
    /// Whether those escapes include colours; without, only the attributes (bold, dim, reverse
    /// video, underline) are written.
    public let keepsColor: Bool
    /// Which colour each role is.
    public let theme: Theme
    /// How many colours the terminal shows: richer colours are mapped to the nearest it has.
    public let depth: ColorDepth

    /// A renderer that styles (`true`) or writes plain text (`false`); `keepsColor: false` styles
    /// with attributes only.
    public init(colorEnabled: Bool, keepsColor: Bool = true, theme: Theme = .dark, depth: ColorDepth = .ansi16) {
        self.colorEnabled = colorEnabled
        self.keepsColor = keepsColor
        self.theme = theme
        self.depth = depth
    }

    /// A renderer that never writes escapes (files, pipes, `--color never`).
    public static let plain = ANSIRenderer(colorEnabled: false)
    /// A renderer that always writes escapes (`--color always`), in the default theme.
    public static let colored = ANSIRenderer(colorEnabled: true)
    /// A renderer that writes attributes and no colour: a screen redrawn in place under NO_COLOR
    /// or `--color never` keeps its reverse-video selection and best prices.
    public static let monochrome = ANSIRenderer(colorEnabled: true, keepsColor: false)

    /// The text with escapes around each styled run: `ESC[1;32m` + text + `ESC[0m`.
    ///
    /// A styled run is closed before each line break and reopened after it, so pagers (`less -R`)
    /// and reverse video never carry a style onto the next line.
    public func render(_ text: StyledText) -> String {
        guard colorEnabled else { return text.plainText }
        var output = ""
        for segment in text.segments {
            let parameters = parameters(for: segment.style)
            guard !parameters.isEmpty else {
                output += segment.text
                continue
            }
            let open = ANSI.sgr(parameters: parameters)
            let lines = segment.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                if index > 0 { output += "\n" }
                if !line.isEmpty { output += open + line + ANSI.resetAttributes }
            }
        }
        return output
    }

    /// The SGR parameters of `style` in this theme and depth, attributes first and colour last
    /// (`1;32` for bold green); empty when nothing is to be written.
    public func parameters(for style: TextStyle) -> [UInt8] {
        var style = style
        if !theme.usesDim { style.dim = false }
        var parameters = style.attributeCodes.map(\.rawValue)
        if keepsColor, let role = style.foreground, let color = theme.color(for: role) {
            parameters += color.foregroundParameters(depth: depth)
        }
        return parameters
    }

    /// Each line rendered and followed by `\n`, ready for one write.
    public func render(lines: [StyledText]) -> String {
        lines.map { render($0) + "\n" }.joined()
    }
}
