import Foundation

/// The user's config file: `key = value` lines, `#` comments, blank lines ignored.
///
/// lacripta only ever reads this file; it never writes to it (users keep comments and order).
/// Lines end in LF, CRLF or CR: a file saved on Windows must not become one long line whose
/// first setting swallows the rest (the key included). A value may be quoted with `"` or `'`; an
/// unquoted value ends at a `#` that follows white space (an inline comment).
///
/// Errors name the file, the line and the setting, never the value: any value could be, or
/// contain, the API key.
public struct ConfigFile: Sendable, Equatable {
    /// One setting as written: its value and the line it is on (1-based).
    public struct Entry: Sendable, Equatable {
        /// The value, unquoted, without an inline comment.
        public var value: String
        /// The line it came from, for messages.
        public var line: Int
    }

    /// The settings found, keyed by name.
    public private(set) var entries: [ConfigKey: Entry]
    /// The `key.<action>` lines found, keyed by what follows `key.` (checked by
    /// `Configuration.keymap(from:)`, which names an action that does not exist).
    public private(set) var keyBindings: [String: Entry] = [:]
    /// The file the settings came from (for messages).
    public let path: String

    /// The largest config file read. A real one is a few hundred bytes; a larger file is the wrong
    /// file, and reading it all would only make every start slow.
    public static let maxSize = 64 * 1024

    /// Parses the file's text. Unknown keys and malformed lines raise an error naming the line,
    /// because a typo in `api_key` would otherwise fail later with a confusing auth error.
    public init(text: String, path: String) throws(LacriptaError) {
        let (file, problems) = Self.lenient(text: text, path: path)
        if let first = problems.first { throw first }
        self = file
    }

    /// Parses the file's text, keeping every line that reads and naming each one that does not
    /// (`lacripta config check` lists them all; commands stop at the first).
    public static func lenient(text: String, path: String) -> (file: ConfigFile, problems: [LacriptaError]) {
        var entries: [ConfigKey: Entry] = [:]
        var keyBindings: [String: Entry] = [:]
        var problems: [LacriptaError] = []
        for (index, rawLine) in lines(of: text).enumerated() {
            let number = index + 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                problems.append(error(path, number, "expected `key = value`"))
                continue
            }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            if let action = keyBindingAction(name) {
                do {
                    keyBindings[action] = Entry(
                        value: try value(line[line.index(after: equals)...], path: path, line: number, name: name), line: number)
                } catch {
                    problems.append(error)
                }
                continue
            }
            guard let key = ConfigKey(rawValue: name) else {
                problems.append(error(path, number, unknownSetting(name)))
                continue
            }
            do {
                entries[key] = Entry(value: try value(line[line.index(after: equals)...], path: path, line: number, name: key.rawValue), line: number)
            } catch {
                problems.append(error)
            }
        }
        var file = ConfigFile(entries: entries, path: path)
        file.keyBindings = keyBindings
        return (file, problems)
    }

    /// The file's lines: a byte-order mark some editors write dropped, and LF, CR or CRLF ending a
    /// line (in Swift "\r\n" is one Character, neither "\r" nor "\n").
    package static func lines(of text: String) -> [Substring] {
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        let lineEnds: Set<Character> = ["\n", "\r", "\r\n"]
        return body.split(omittingEmptySubsequences: false, whereSeparator: lineEnds.contains)
    }

    private init(entries: [ConfigKey: Entry], path: String) {
        self.entries = entries
        self.path = path
    }

    /// An empty config (no file).
    public init() {
        entries = [:]
        path = ""
    }

    /// The value for `key`, or nil when unset or empty.
    public subscript(key: ConfigKey) -> String? {
        guard let value = entries[key]?.value, !value.isEmpty else { return nil }
        return value
    }

    /// Where `key` was set, for messages: "`api_url` (line 3 of PATH)".
    public func origin(of key: ConfigKey) -> String {
        let line = entries[key].map { "line \($0.line) of " } ?? ""
        return "`\(key.rawValue)` (\(line)\(path))"
    }

    /// The message for a setting lacripta does not know, listing those it does (a colour role
    /// among the roles).
    private static func unknownSetting(_ name: String) -> String {
        if name.hasPrefix(ConfigKey.colorPrefix) {
            let roles = ConfigKey.colorKeys.compactMap(\.colorRole).joined(separator: ", ")
            return "unknown colour role \(printableName(String(name.dropFirst(ConfigKey.colorPrefix.count)))) (roles: \(roles))"
        }
        return "unknown setting \(printableName(name)) (known: \(ConfigKey.summaryNames.joined(separator: ", ")))"
    }

    /// The value part of a line: quotes removed, or an inline comment cut off.
    private static func value(_ raw: Substring, path: String, line: Int, name: String) throws(LacriptaError) -> String {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard let quote = text.first, quote == "\"" || quote == "'" else {
            // `color.up = #00ff00` is a comment, not a colour: say so rather than drop it.
            if ConfigKey(rawValue: name)?.isColor == true, text.hasPrefix("#") {
                throw error(path, line, "the value of `\(name)` starts with #, which begins a comment: quote it, as in \(name) = \"#00aaff\"")
            }
            return uncommented(text)
        }
        let rest = text.dropFirst()
        guard let close = rest.firstIndex(of: quote) else {
            throw error(path, line, "the value of `\(name)` opens a quote it does not close")
        }
        let after = rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)
        guard after.isEmpty || after.hasPrefix("#") else {
            throw error(path, line, "the value of `\(name)` has text after its closing quote")
        }
        return String(rest[..<close])
    }

    /// `text` up to a `#` that starts a comment (one after white space).
    private static func uncommented(_ text: String) -> String {
        var previous: Character = " "
        for index in text.indices {
            let character = text[index]
            if character == "#", previous == " " || previous == "\t" {
                return text[..<index].trimmingCharacters(in: .whitespaces)
            }
            previous = character
        }
        return text
    }

    /// The setting's name in quotes when it looks like one; anything else could be a pasted secret.
    private static func printableName(_ name: String) -> String {
        let isName =
            !name.isEmpty && name.count <= 32
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0 == "." || $0 == "-" || CharacterSet.alphanumerics.contains($0)) }
        return isName ? "'\(name)'" : "(a name lacripta does not show, as it may be a secret)"
    }

    /// The action of a `key.<action>` setting's name, or nil for any other name.
    private static func keyBindingAction(_ name: String) -> String? {
        name.hasPrefix(ViewAction.settingPrefix) ? String(name.dropFirst(ViewAction.settingPrefix.count)) : nil
    }

    private static func error(_ path: String, _ line: Int, _ message: String) -> LacriptaError {
        .configuration("\(path):\(line): \(message)")
    }
}
