/// What a coloured piece of text means. Screens and tables style text by role; the `Theme` in
/// force says which colour each role is, so a light terminal or a colour-blind reader changes one
/// table instead of every screen.
///
/// One word per concept: the raw value is the setting's name after `color.` in the config file
/// (`color.up = blue`).
public enum ColorRole: String, Sendable, Hashable, CaseIterable {
    /// A price or value that went up (drawn with ▲ as well, so it reads without colour).
    case up
    /// A price or value that went down (with ▼).
    case down
    /// A value that did not move (with =).
    case unchanged
    /// Symbols, links and other things the eye should find.
    case accent
    /// Secondary detail: sources, timestamps, hints (dim as well).
    case muted
    /// Notes, stale or missing data, reconnecting feeds.
    case warning
    /// The prefix of an error line, a failed feed, a problem on the status line.
    case error
    /// A state that is well: a feed live, an alert armed, a step done.
    case ok
    /// Marks beside a coin: ★ favourite, ⚑ alert set.
    case mark
    /// The lines of a chart with several series (compare's exchanges, holdings' value and cost),
    /// in order; a chart with more lines starts again at the first.
    case series1, series2, series3, series4

    /// The chart-line roles in order.
    public static let series: [ColorRole] = [.series1, .series2, .series3, .series4]
}
