/// Which colour each `ColorRole` is, and whether dim is used: the one table a user changes to make
/// lacripta read on their terminal (`theme = light`, `color.up = blue`).
///
/// A role without a colour is drawn in the terminal's own foreground. `mono` has none at all and
/// still shows bold and reverse video, which carry meaning (headers, the selection, a best price);
/// up and down then read by their ▲ ▼ markers.
public struct Theme: Sendable, Hashable {
    /// The theme's name as the config file and `--theme` spell it.
    public var name: String
    /// The colour of each role that has one.
    public var colors: [ColorRole: TerminalColor]
    /// Whether the dim attribute is written; high contrast turns it off, since dim text is exactly
    /// what a reader who needs contrast cannot read.
    public var usesDim: Bool

    /// Creates a theme.
    public init(name: String, colors: [ColorRole: TerminalColor], usesDim: Bool = true) {
        self.name = name
        self.colors = colors
        self.usesDim = usesDim
    }

    /// The colour of `role`, or nil for the terminal's own.
    public func color(for role: ColorRole) -> TerminalColor? { colors[role] }

    /// This theme with `role` set to `color` (nil: the terminal's own foreground).
    public func setting(_ role: ColorRole, to color: TerminalColor?) -> Theme {
        var copy = self
        copy.colors[role] = color
        return copy
    }

    /// The built-in themes, in the order help lists them.
    public static let builtIn: [Theme] = [.dark, .light, .highContrast, .colorblind, .mono]

    /// The built-in theme called `name` (any case), or nil.
    public static func named(_ name: String) -> Theme? {
        builtIn.first { $0.name == name.lowercased() }
    }
}
