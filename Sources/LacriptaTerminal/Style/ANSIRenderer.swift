/// Turns `StyledText` into the bytes to write, with or without SGR escapes.
///
/// With colour off the output is exactly the segments' text; with colour on it is the same text
/// with escapes around styled runs, so stripping the escapes gives the plain output byte for byte.
/// Decide `colorEnabled` once per stream with `TerminalCapabilities`.
public struct ANSIRenderer: Sendable, Hashable {
    /// Whether styled runs get SGR escapes.
    public let colorEnabled: Bool
    /// Whether those escapes include colours; without, only the attributes (bold, dim, reverse
    /// video, underline) are written.
    public let keepsColor: Bool

    /// A renderer that styles (`true`) or writes plain text (`false`); `keepsColor: false` styles
    /// with attributes only.
    public init(colorEnabled: Bool, keepsColor: Bool = true) {
        self.colorEnabled = colorEnabled
        self.keepsColor = keepsColor
    }

    /// A renderer that never writes escapes (files, pipes, `--color never`).
    public static let plain = ANSIRenderer(colorEnabled: false)
    /// A renderer that always writes escapes (`--color always`).
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
            guard !segment.style.isPlain else {
                output += segment.text
                continue
            }
            var style = segment.style
            if !keepsColor { style.foreground = nil }
            guard !style.isPlain else {
                output += segment.text
                continue
            }
            let open = ANSI.sgr(style.sgrCodes)
            let lines = segment.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                if index > 0 { output += "\n" }
                if !line.isEmpty { output += open + line + ANSI.resetAttributes }
            }
        }
        return output
    }

    /// Each line rendered and followed by `\n`, ready for one write.
    public func render(lines: [StyledText]) -> String {
        lines.map { render($0) + "\n" }.joined()
    }
}
