import LacriptaCore
import LacriptaTerminal

/// The theme every output is drawn in, from the settings the configuration checked: `--theme`
/// over `LACRIPTA_THEME` over `theme =`, the default (dark) otherwise, with the config file's
/// `color.*` roles over the theme's own.
enum ThemeResolution {
    /// The theme for `flag` (`--theme`) and `settings` (environment and config file).
    static func theme(flag: ThemeName?, settings: ThemeSettings) -> Theme {
        var theme = builtIn(flag ?? settings.name ?? .dark)
        for (name, setting) in settings.colors {
            guard let role = ColorRole(rawValue: name) else { continue }
            theme = theme.setting(role, to: color(setting))
        }
        return theme
    }

    /// The built-in theme of `name`.
    static func builtIn(_ name: ThemeName) -> Theme {
        switch name {
        case .dark: .dark
        case .light: .light
        case .highContrast: .highContrast
        case .colorblind: .colorblind
        case .mono: .mono
        }
    }

    /// The colour a checked setting names; nil for the terminal's own foreground.
    static func color(_ setting: ColorSetting) -> TerminalColor? {
        switch setting {
        case .terminalDefault: nil
        case .index(let index): TerminalColor(index: index)
        case .rgb(let red, let green, let blue): .rgb(RGB(red, green, blue))
        }
    }
}
