/// The checks for the colour settings.
extension Configuration {
    /// `theme` and every `color.ROLE`, each checked: an unknown theme or colour stops the command
    /// with the setting's line, as any other mistake in the file does.
    static func themeSettings(_ setting: (ConfigKey) -> SettingValue?) throws(LacriptaError) -> ThemeSettings {
        var settings = ThemeSettings()
        if let value = setting(.theme) {
            guard let name = ThemeName(parsing: value.text) else {
                throw .configuration("\(value.origin) must be one of \(ThemeName.choices)")
            }
            settings.name = name
        }
        for key in ConfigKey.colorKeys {
            guard let value = setting(key), let role = key.colorRole else { continue }
            guard let color = ColorSetting(parsing: value.text) else {
                throw .configuration(
                    "\(value.origin) must be a colour name (red, bright-blue, …), a number from 0 to 255, \"#rrggbb\" in quotes, or default")
            }
            settings.colors[role] = color
        }
        return settings
    }
}
