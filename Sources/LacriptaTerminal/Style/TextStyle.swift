/// How one run of text looks: an optional colour role plus attributes.
///
/// `TextStyle()` (or `.plain`) means "the terminal default"; the renderer writes no escapes for it.
/// The colour is a `ColorRole`, never a colour: the renderer's `Theme` decides which colour a role
/// is, so every screen follows the user's theme.
public struct TextStyle: Sendable, Hashable {
    /// What the colour means; nil keeps the terminal's own foreground.
    public var foreground: ColorRole?
    public var bold: Bool
    public var dim: Bool
    public var underline: Bool
    /// Swaps foreground and background (used to highlight a changed cell in live views).
    public var reverse: Bool

    /// Creates a style; every attribute is off unless given.
    public init(
        foreground: ColorRole? = nil,
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

    /// The SGR codes of the attributes, in a fixed order (bold, dim, underline, reverse); the
    /// colour, which depends on the theme, is the renderer's to add.
    public var attributeCodes: [SGR] {
        var codes: [SGR] = []
        if bold { codes.append(.bold) }
        if dim { codes.append(.dim) }
        if underline { codes.append(.underline) }
        if reverse { codes.append(.reverse) }
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

    // Meanings, so commands say what a thing is rather than how it looks.
    /// A price or value that went up.
    public static let positive = TextStyle(foreground: .up)
    /// A price or value that went down.
    public static let negative = TextStyle(foreground: .down)
    /// A value that did not move.
    public static let unchanged = TextStyle(foreground: .unchanged)
    /// Symbols, links and other things the eye should find.
    public static let accent = TextStyle(foreground: .accent)
    /// Table headers.
    public static let header = bold
    /// Secondary detail: sources, timestamps, hints.
    public static let secondary = TextStyle(foreground: .muted, dim: true)
    /// Notes, stale data, reconnecting feeds.
    public static let warning = TextStyle(foreground: .warning)
    /// The prefix of an error line, a failed feed, a problem.
    public static let error = TextStyle(foreground: .error)
    /// A state that is well: live, armed, done.
    public static let ok = TextStyle(foreground: .ok)
    /// A mark beside a coin: ★ favourite, ⚑ alert set.
    public static let mark = TextStyle(foreground: .mark)
}
