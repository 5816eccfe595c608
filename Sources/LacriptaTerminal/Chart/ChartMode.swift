/// How a chart's plot is drawn.
///
/// Braille packs 2×4 dots into each cell, for four times the detail of blocks; it needs a UTF-8
/// terminal and a font with the braille block. Blocks (`▀ ▄ █`, with ASCII axes) are for the rest.
public enum ChartMode: String, Sendable, Hashable, CaseIterable {
    /// Braille dots, 2 across and 4 down per cell.
    case braille
    /// Half blocks, 1 across and 2 down per cell.
    case blocks

    /// Braille when the locale's character set is UTF-8 (`LC_ALL`, else `LC_CTYPE`, else `LANG`,
    /// the first one set deciding, as POSIX reads them), blocks otherwise, including when none is set
    /// (the C locale).
    public static func preferred(environment: [String: String]) -> ChartMode {
        let keys: [TerminalEnvironment.Key] = [.lcAll, .lcCType, .lang]
        guard let locale = keys.lazy.compactMap({ environment[$0].flatMap { $0.isEmpty ? nil : $0 } }).first else { return .blocks }
        let charset = locale.split(separator: ".", maxSplits: 1).dropFirst().first?.split(separator: "@").first ?? ""
        let normalized = charset.lowercased().filter { $0 != "-" && $0 != "_" }
        return normalized == "utf8" ? .braille : .blocks
    }

    /// Dots across one cell.
    var dotsPerColumn: Int { self == .braille ? 2 : 1 }
    /// Dots down one cell.
    var dotsPerRow: Int { self == .braille ? 4 : 2 }
}
