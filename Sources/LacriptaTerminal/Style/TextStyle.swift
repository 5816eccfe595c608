/// How one run of text looks: an optional foreground colour plus attributes.
///
/// `TextStyle()` (or `.plain`) means "the terminal default"; the renderer writes no escapes for it.
public struct TextStyle: Sendable, Hashable {
    /// The foreground colour; `nil` keeps the theme's own.
    public var foreground: Color?
    public var bold: Bool
    public var dim: Bool
    public var underline: Bool
    /// Swaps foreground and background (used to highlight a changed cell in live views).
    public var reverse: Bool

    /// Creates a style; every attribute is off unless given.
    public init(
        foreground: Color? = nil,
        bold: Bool = false,
        dim: Bool = false,
        underline: Bool = false,
        reverse: Bool = false
    ) {
        self.foreground = foreground
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    /// True when the style asks for nothing, so the renderer can emit the text bare.
    public var isPlain: Bool { self == .plain }

    /// The SGR codes for this style, attributes first and colour last (`1;32` for bold green).
    public var sgrCodes: [SGR] {
        var codes: [SGR] = []
        if bold { codes.append(.bold) }
        if dim { codes.append(.dim) }
        if underline { codes.append(.underline) }
        if reverse { codes.append(.reverse) }
        if let foreground { codes.append(foreground.foreground) }
        return codes
    }

    /// This style with dim added.
    public var dimmed: TextStyle { var copy = self; copy.dim = true; return copy }
    /// This style with reverse video added.
    public var reversed: TextStyle { var copy = self; copy.reverse = true; return copy }

    // Building blocks.
    public static let plain = TextStyle()
    public static let bold = TextStyle(bold: true)
    public static let dim = TextStyle(dim: true)
    public static let underline = TextStyle(underline: true)
    public static let reverse = TextStyle(reverse: true)
    public static let red = TextStyle(foreground: .red)
    public static let green = TextStyle(foreground: .green)
    public static let yellow = TextStyle(foreground: .yellow)
    public static let cyan = TextStyle(foreground: .cyan)

    // Meanings, so commands say what a thing is rather than how it looks.
    /// A price or value that went up.
    public static let positive = green
    /// A price or value that went down.
    public static let negative = red
    /// A value that did not move.
    public static let unchanged = yellow
    /// Symbols, links and other things the eye should find.
    public static let accent = cyan
    /// Table headers.
    public static let header = bold
    /// Secondary detail: sources, timestamps, hints.
    public static let secondary = dim
}
