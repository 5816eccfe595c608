import Foundation

/// The built-in colour themes by name: the words `theme =`, `LACRIPTA_THEME` and `--theme` accept.
/// The colours themselves are the terminal layer's (`Theme`); the configuration only checks the
/// words, so a mistake is named with its line before anything is drawn.
public enum ThemeName: String, Sendable, Hashable, CaseIterable {
    case dark, light
    case highContrast = "high-contrast"
    case colorblind, mono

    /// The name in any case and with surrounding spaces; nil for any other word.
    public init?(parsing text: String) {
        self.init(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// "dark, light, high-contrast, colorblind or mono", for messages and help.
    public static var choices: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}

/// One `color.ROLE` value as the user wrote it, checked: a colour name, a palette index or a
/// 24-bit colour, or `default` for the terminal's own foreground.
public enum ColorSetting: Sendable, Hashable {
    /// The terminal's own foreground (`default`, `none`).
    case terminalDefault
    /// An index of the 256-colour palette; the 16 names are 0–15.
    case index(UInt8)
    /// A 24-bit colour (`"#rrggbb"`).
    case rgb(red: UInt8, green: UInt8, blue: UInt8)

    /// The 16 colour names, in palette order (index 0–15).
    public static let names = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "bright-black", "bright-red", "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan", "bright-white",
    ]

    /// The value as the config file would hold it: a name for 0–15, else the index, `#rrggbb`
    /// (to be quoted in the file) or `default`.
    public var configText: String {
        switch self {
        case .terminalDefault: return "default"
        case .index(let index): return index < 16 ? Self.names[Int(index)] : String(index)
        case .rgb(let red, let green, let blue):
            return "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }

    /// Reads `red`, `bright-blue` (or `brightblue`, `bright_blue`, any case), `grey` (bright
    /// black), `0`–`255`, `#rrggbb` or `default`; nil for anything else.
    public init?(parsing text: String) {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        if word == "default" || word == "none" {
            self = .terminalDefault
        } else if word.first == "#" {
            let hex = word.dropFirst()
            guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else { return nil }
            self = .rgb(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
        } else if !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard word.count <= 3, let index = UInt8(word) else { return nil }
            self = .index(index)
        } else {
            let squeezed = word.filter { $0 != "-" && $0 != "_" }
            let plain = Self.names.map { $0.filter { $0 != "-" } }
            if let index = plain.firstIndex(of: squeezed) {
                self = .index(UInt8(index))
            } else if squeezed == "grey" || squeezed == "gray" {
                self = .index(8)
            } else {
                return nil
            }
        }
    }
}

/// The colour settings in force: the theme chosen (nil: the default) and the roles set over it,
/// keyed by role name ("up").
public struct ThemeSettings: Sendable, Hashable {
    /// The theme from `LACRIPTA_THEME` or `theme =`; nil when neither is set.
    public var name: ThemeName?
    /// The roles the config file colours itself.
    public var colors: [String: ColorSetting]

    /// Creates settings; none by default.
    public init(name: ThemeName? = nil, colors: [String: ColorSetting] = [:]) {
        self.name = name
        self.colors = colors
    }
}
