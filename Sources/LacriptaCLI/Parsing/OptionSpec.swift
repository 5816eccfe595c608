/// One option a command accepts, for parsing and for help.
public struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes, e.g. `limit`.
    public var name: String
    /// A one-letter short form, e.g. `n` for `-n`.
    public var short: Character?
    /// The placeholder for its value in help (`N`, `CODE`); nil for a flag that takes no value.
    public var valueName: String?
    /// Whether the value may be left out (`--watch` alone means the default interval).
    public var valueIsOptional: Bool
    /// One line of help.
    public var help: String

    /// A flag with no value.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, valueIsOptional: false, help: help)
    }

    /// An option that takes a value.
    public static func option(_ name: String, short: Character? = nil, value: String, optionalValue: Bool = false, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: value, valueIsOptional: optionalValue, help: help)
    }

    /// `--name VALUE` / `-n, --name VALUE` as shown in help.
    var signature: String {
        var text = short.map { "-\($0), " } ?? "    "
        text += "--\(name)"
        if let valueName { text += valueIsOptional ? " [\(valueName)]" : " \(valueName)" }
        return text
    }
}

/// The options every command accepts.
enum GlobalOptions {
    /// `--color`, `--help`, `--version`.
    static let specs: [OptionSpec] = [
        .option("color", value: "WHEN", help: "colour output: auto (default), always or never; auto honours NO_COLOR, FORCE_COLOR and TERM=dumb"),
        .flag("help", short: "h", help: "show this help"),
        .flag("version", help: "print the version"),
    ]
}
