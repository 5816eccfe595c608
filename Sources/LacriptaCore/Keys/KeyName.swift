import Foundation

/// A key as the config file names it (`j`, `Down`, `PgDn`, `Ctrl-L`) and as the `?` help shows it.
///
/// It mirrors the terminal's `Key` without depending on the terminal module: the config is read
/// here, in Core, before any terminal exists, and a binding to a key that does not exist must be
/// named at start (exit 64), not discovered when nothing happens on a key press. The view turns a
/// decoded `Key` into a `KeyName` to look it up.
public enum KeyName: Sendable, Hashable {
    /// A printable character, case-sensitive (`j` and `J` are two keys); `Space` is `" "`.
    case character(Character)
    /// Ctrl plus a letter, lower-cased.
    case control(Character)
    /// Keys with names.
    case enter, tab, backTab, backspace, escape
    case up, down, left, right, home, end, pageUp, pageDown, insert, delete
    /// F1 to F12.
    case function(Int)

    /// The names that read as each named key (case-insensitive), the first one the canonical
    /// spelling. tmux's and curses' spellings are accepted too, since people copy them.
    static let names: [(KeyName, [String])] = [
        (.up, ["Up"]), (.down, ["Down"]), (.left, ["Left"]), (.right, ["Right"]),
        (.enter, ["Enter", "Return"]), (.escape, ["Esc", "Escape"]), (.tab, ["Tab"]), (.backTab, ["Shift-Tab", "BackTab", "BTab"]),
        (.backspace, ["Backspace", "BSpace", "BS"]), (.character(" "), ["Space"]), (.character(","), ["Comma"]),
        (.home, ["Home"]), (.end, ["End"]), (.pageUp, ["PgUp", "PageUp", "PPage"]), (.pageDown, ["PgDn", "PageDown", "PgDown", "NPage"]),
        (.insert, ["Insert", "Ins", "IC"]), (.delete, ["Delete", "Del", "DC"]),
    ]

    /// The names listed in messages about a key name that does not read.
    public static let namesInWords =
        "a single character, or Up, Down, Left, Right, Enter, Esc, Tab, Shift-Tab, Backspace, Space, Comma, Home, End, PgUp, PgDn, "
        + "Insert, Delete, F1 to F12, Ctrl-<letter>"

    /// Reads one key name; nil when `text` names no key.
    public init?(parsing text: String) {
        let name = text.trimmingCharacters(in: .whitespaces)
        if name.count == 1, let character = name.first {
            // Controls and white space other than a space are not keys one can type as a name.
            guard character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }), character != " " else {
                return nil
            }
            self = .character(character)
            return
        }
        let lowered = name.lowercased()
        if let named = Self.names.first(where: { $0.1.contains { $0.lowercased() == lowered } }) {
            self = named.0
            return
        }
        for prefix in ["ctrl-", "ctrl+", "c-", "^"] where lowered.hasPrefix(prefix) {
            let rest = lowered.dropFirst(prefix.count)
            guard rest.count == 1, let letter = rest.first, letter.isASCII, letter.isLetter else { return nil }
            self = .control(letter)
            return
        }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...12).contains(number), !lowered.hasPrefix("f0") {
            self = .function(number)
            return
        }
        return nil
    }

    /// The name the config file takes for this key, which reads back as the same key: `j`, `Down`,
    /// `Ctrl-L`, `Space`.
    public var configName: String {
        if let named = Self.names.first(where: { $0.0 == self }) { return named.1[0] }
        switch self {
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        case .function(let number): return "F\(number)"
        default: return "?"
        }
    }

    /// How the help and the footer show the key: arrows as ↑ ↓ ← →, the rest by name.
    public var symbol: String {
        switch self {
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        default: configName
        }
    }

    /// Whether the key types text into a field (a printable character): while a field has the
    /// keyboard these keys are text, never actions.
    public var isText: Bool {
        if case .character = self { return true }
        return false
    }
}
