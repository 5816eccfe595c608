import Foundation

/// Every problem with the `key.*` settings, each a line of its own: a command stops at start with
/// all of them (exit 64), so one mistake does not hide the next.
public struct KeyBindingProblems: Error, Sendable {
    /// One configuration error per problem, each naming its setting and line.
    public var problems: [LacriptaError]
}

/// The `key.<action> = j, Down` settings of the config file, read into the view's `Keymap`.
extension Configuration {
    /// The keymap `file`'s `key.*` lines ask for, or every problem with them: an action that does
    /// not exist, a key name that does not read, a setting that names no key or Ctrl-C, and each
    /// key the bindings leave standing for two actions on one screen.
    public static func keymap(from file: ConfigFile) -> Result<Keymap, KeyBindingProblems> {
        var problems: [LacriptaError] = []
        var bindings: [ViewAction: [KeyName]] = [:]
        var origins: [ViewAction: String] = [:]
        for (name, entry) in file.keyBindings.sorted(by: { $0.value.line < $1.value.line }) {
            let origin = "\(printable(ViewAction.settingPrefix + name)) (line \(entry.line) of \(file.path))"
            guard let action = ViewAction(rawValue: name) else {
                problems.append(.configuration("\(origin): there is no such action in the view; `lacripta config` lists every key.<action>"))
                continue
            }
            switch keys(entry.value) {
            case .success(let keys):
                bindings[action] = keys
                origins[action] = origin
            case .failure(let problem):
                problems.append(.configuration("\(origin) \(problem)"))
            }
        }
        let (keymap, clashes) = Keymap.build(bindings)
        for clash in clashes {
            let blamed = clash.actions.compactMap { origins[$0] }.joined(separator: " and ")
            let actions = clash.actions.map { $0.rawValue }.joined(separator: " and ")
            let screens = clash.screens.map { $0.inWords }.joined(separator: ", ")
            problems.append(.configuration("\(blamed): \(clash.key.configName) would be both \(actions) on \(screens); give one of them another key"))
        }
        return problems.isEmpty ? .success(keymap) : .failure(KeyBindingProblems(problems: problems))
    }

    /// The keys of one setting's value, separated by commas: `j, Down`; or what is wrong, as the
    /// rest of a sentence after the setting's name.
    package static func keys(_ value: String) -> Result<[KeyName], KeyValueProblem> {
        let names = value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard names.contains(where: { !$0.isEmpty }) else {
            return .failure(KeyValueProblem("names no key: give one or more, separated by commas, such as j, Down"))
        }
        var keys: [KeyName] = []
        for name in names {
            guard !name.isEmpty else { return .failure(KeyValueProblem("has an empty key name between commas (the comma key is Comma)")) }
            guard let key = KeyName(parsing: name) else {
                return .failure(KeyValueProblem("names \(printable(name)), which is not a key: use \(KeyName.namesInWords)"))
            }
            guard key != .control("c") else { return .failure(KeyValueProblem("names Ctrl-C, which always quits and cannot be bound")) }
            keys.append(key)
        }
        return .success(keys)
    }

    /// What is wrong with a key-binding value, in words that follow the setting's name.
    package struct KeyValueProblem: Error, Equatable {
        package var message: String

        package init(_ message: String) {
            self.message = message
        }
    }

    /// A name from the file as a message may show it: short printable ASCII in backquotes; anything
    /// else could be a pasted secret, and is not shown.
    private static func printable(_ name: String) -> String {
        let shown = !name.isEmpty && name.count <= 32 && name.unicodeScalars.allSatisfy { $0.isASCII && (0x21...0x7E).contains($0.value) }
        return shown ? "`\(name)`" : "(a name lacripta does not show)"
    }
}

extension Configuration.KeyValueProblem: CustomStringConvertible {
    package var description: String { message }
}
