/// The environment variables that shape terminal output, spelled in one place.
public enum TerminalEnvironment {
    /// Typed names of the variables we read.
    public enum Key: String, Sendable, CaseIterable {
        /// Any non-empty value except "0" turns colour on even into pipes (force-color.org).
        case forceColor = "FORCE_COLOR"
        /// Any non-empty value turns colour off (no-color.org).
        case noColor = "NO_COLOR"
        /// "dumb" means the terminal understands no escapes.
        case term = "TERM"
        /// `truecolor` or `24bit` when the terminal shows any RGB colour (`ColorDepth`).
        case colorTerm = "COLORTERM"
        /// Width fallback when the window size cannot be asked for.
        case columns = "COLUMNS"
        /// Height fallback when the window size cannot be asked for.
        case lines = "LINES"
        /// The locale overriding every category; its character set decides braille or blocks.
        case lcAll = "LC_ALL"
        /// The locale of the character-type category, read when `LC_ALL` is unset.
        case lcCType = "LC_CTYPE"
        /// The default locale, read when neither of the above is set.
        case lang = "LANG"
    }
}

extension Dictionary where Key == String, Value == String {
    /// The value of a typed terminal variable.
    subscript(_ key: TerminalEnvironment.Key) -> String? {
        self[key.rawValue]
    }
}
