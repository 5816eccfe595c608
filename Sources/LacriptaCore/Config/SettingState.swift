/// One setting as `lacripta config` shows it: its effective value and where that came from.
public struct SettingState: Sendable, Equatable {
    /// Where a setting's value came from, in the order they win.
    public enum Origin: Sendable, Equatable {
        /// A command-line option (named, `--theme`): it wins over everything else.
        case option(String)
        /// An environment variable (named).
        case environment(String)
        /// A line of the config file.
        case file(path: String, line: Int)
        /// Nothing set it: lacripta's default.
        case defaultValue

        /// "--theme", "LACRIPTA_API_URL", "line 3 of /home/u/.config/lacripta/config", "default".
        public var description: String {
            switch self {
            case .option(let name), .environment(let name): name
            case .file(let path, let line): "line \(line) of \(path)"
            case .defaultValue: "default"
            }
        }
    }

    /// The setting's config-file name.
    public var key: ConfigKey
    /// The value in force, as given (a default in words); a secret's only as "set" or "not set".
    /// Untrusted text (the user's environment and file): sanitise before display.
    public var value: String
    /// Where it came from.
    public var origin: Origin
    /// Whether the value is a secret (never shown).
    public var isSecret: Bool
}
