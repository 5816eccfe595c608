/// What one output stream can do: colour, size and whether a person is watching it.
///
/// Build one per stream (stdout and stderr can differ: `lacripta top > file` still colours its
/// errors) with `detect(fileDescriptor:colorMode:environment:)`, then hand `renderer` to whatever
/// writes there. The pure `resolve…` functions hold the rules so tests need no terminal.
public struct TerminalCapabilities: Sendable, Hashable {
    /// Width used when nothing better is known.
    public static let defaultWidth = 80
    /// Height used when nothing better is known.
    public static let defaultHeight = 24

    /// Whether the stream is a terminal: redraw-in-place (`Screen`) is only used when it is.
    public var isTerminal: Bool
    /// Whether to write colour and attribute escapes.
    public var colorEnabled: Bool
    /// Width in cells.
    public var width: Int
    /// Height in cells.
    public var height: Int
    /// How many colours the terminal shows (`COLORTERM`, `TERM`).
    public var depth: ColorDepth
    /// The user's theme (`--theme`, `LACRIPTA_THEME`, `theme =` and `color.*`), set once the
    /// configuration is read; the default until then.
    public var theme: Theme

    /// Creates capabilities directly (tests, or a caller that already knows).
    public init(
        isTerminal: Bool,
        colorEnabled: Bool,
        width: Int = TerminalCapabilities.defaultWidth,
        height: Int = TerminalCapabilities.defaultHeight,
        depth: ColorDepth = .ansi16,
        theme: Theme = .dark
    ) {
        self.isTerminal = isTerminal
        self.colorEnabled = colorEnabled
        self.width = width
        self.height = height
        self.depth = depth
        self.theme = theme
    }

    /// The renderer that matches `colorEnabled`, in the theme and depth.
    public var renderer: ANSIRenderer { ANSIRenderer(colorEnabled: colorEnabled, theme: theme, depth: depth) }

    /// The renderer of a screen redrawn in place: colours only when colour is on, attributes
    /// (reverse video marks selections and best prices) always, since the screen needs escapes
    /// to move the cursor anyway.
    public var screenRenderer: ANSIRenderer {
        ANSIRenderer(colorEnabled: true, keepsColor: colorEnabled, theme: theme, depth: depth)
    }

    /// Looks at the real stream: `isatty` and the window size of `fileDescriptor`, then the rules.
    public static func detect(
        fileDescriptor: Int32,
        colorMode: ColorMode,
        environment: [String: String]
    ) -> TerminalCapabilities {
        let isTerminal = TerminalSize.isTerminal(fileDescriptor: fileDescriptor)
        let windowSize = isTerminal ? TerminalSize.query(fileDescriptor: fileDescriptor) : nil
        let size = resolveSize(windowSize: windowSize, environment: environment)
        return TerminalCapabilities(
            isTerminal: isTerminal,
            colorEnabled: resolveColor(mode: colorMode, environment: environment, isTerminal: isTerminal),
            width: size.columns,
            height: size.rows,
            depth: ColorDepth.resolve(environment: environment)
        )
    }

    /// Decides colour: an explicit `--color always/never` wins; then `FORCE_COLOR` (non-empty, not
    /// "0") turns it on, `NO_COLOR` (non-empty) off, `TERM=dumb` off; otherwise colour exactly
    /// when the stream is a terminal.
    public static func resolveColor(mode: ColorMode, environment: [String: String], isTerminal: Bool) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto: break
        }
        if let force = environment[.forceColor], !force.isEmpty, force != "0" { return true }
        if let noColor = environment[.noColor], !noColor.isEmpty { return false }
        if environment[.term] == "dumb" { return false }
        return isTerminal
    }

    /// Decides the size: the window size when known, else `COLUMNS`/`LINES` when they hold a
    /// positive number, else 80×24.
    public static func resolveSize(windowSize: TerminalSize?, environment: [String: String]) -> TerminalSize {
        if let windowSize, windowSize.columns > 0 {
            let rows = windowSize.rows > 0 ? windowSize.rows : positive(environment[.lines]) ?? defaultHeight
            return TerminalSize(columns: windowSize.columns, rows: rows)
        }
        return TerminalSize(
            columns: positive(environment[.columns]) ?? defaultWidth,
            rows: positive(environment[.lines]) ?? defaultHeight
        )
    }

    /// The value as a positive integer, or `nil` for missing, malformed, zero or negative values.
    private static func positive(_ text: String?) -> Int? {
        guard let text, let value = Int(text), value > 0 else { return nil }
        return value
    }
}
