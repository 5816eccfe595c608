/// One `key.<action>` setting as `lacripta config` shows it: the keys in force and where they came from.
public struct KeyBindingState: Sendable, Equatable {
    /// The setting's name: `key.move-down`.
    public var name: String
    /// The keys in force as the file would name them ("Down, j"), or the line's text when it
    /// does not read. Untrusted text: sanitise before display.
    public var value: String
    /// Where they came from: a line of the file, or the default.
    public var origin: SettingState.Origin
}

/// The view's key bindings in `lacripta config` and `config check`.
extension ConfigInspection {
    /// Every action of the view with its keys: the file's line where it binds one, else the default.
    public var keyBindings: [KeyBindingState] {
        Keymap.standard.allBindings.map { action, defaults in
            if let entry = file.keyBindings[action.rawValue] {
                let keys = try? Configuration.keys(entry.value).get()
                return KeyBindingState(
                    name: action.settingName, value: keys.map(Self.names) ?? entry.value, origin: .file(path: path, line: entry.line))
            }
            return KeyBindingState(name: action.settingName, value: Self.names(defaults), origin: .defaultValue)
        }
    }

    /// Every problem with the `key.*` lines (unknown actions and key names, clashes), each its own.
    public var keyBindingProblems: [LacriptaError] {
        switch Configuration.keymap(from: file) {
        case .success: []
        case .failure(let failure): failure.problems
        }
    }

    /// "Down, j": keys as the config file names them.
    static func names(_ keys: [KeyName]) -> String {
        keys.map(\.configName).joined(separator: ", ")
    }
}
