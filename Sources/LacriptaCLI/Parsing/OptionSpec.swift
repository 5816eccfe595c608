import Foundation
import LacriptaCore
import LacriptaTerminal

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
    /// The only values accepted (matched in any case, kept in this spelling), or empty for any.
    /// The scanner checks them, and the completions and man page list them: one table, no drift.
    public var choices: [String] = []
    /// Whether the value is a file path (shells then complete file names).
    public var takesPath = false

    /// A flag with no value.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, valueIsOptional: false, help: help)
    }

    /// An option that takes a value: one of `choices` when given, a file path when `path`.
    public static func option(
        _ name: String, short: Character? = nil, value: String, optionalValue: Bool = false, choices: [String] = [], path: Bool = false,
        help: String
    ) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: value, valueIsOptional: optionalValue, help: help, choices: choices, takesPath: path)
    }

    /// `value` in the spelling of the choice it names, or nil when it names none.
    func canonicalChoice(_ value: String) -> String? {
        choices.first { $0.caseInsensitiveCompare(value) == .orderedSame }
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
    /// `--color`, `--theme`, `--help`, `--version`.
    static let specs: [OptionSpec] = [
        .option(
            "color", value: "WHEN", choices: ColorMode.allCases.map(\.rawValue),
            help: "colour output: auto (default), always or never; auto honours NO_COLOR, FORCE_COLOR and TERM=dumb"),
        .option(
            "theme", value: "NAME", choices: ThemeName.allCases.map(\.rawValue),
            help: "colours: dark (default), light, high-contrast, colorblind or mono (docs/themes.md)"),
        .flag("help", short: "h", help: "show this help"),
        .flag("version", help: "print the version"),
    ]
}
