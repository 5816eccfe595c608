import LacriptaTerminal

/// A one-line text field for the filter and the share prompt: type, Backspace, Ctrl-U to clear.
///
/// The cursor always sits at the end; that is all a filter or a path needs, and it keeps the
/// field predictable over tmux, screen and slow links.
struct LineEditor: Sendable, Hashable {
    /// The text typed so far.
    private(set) var text: String

    /// What a key did to the field.
    enum Outcome: Sendable, Hashable {
        /// The text changed (or the key was absorbed); keep editing.
        case editing
        /// Enter: use the text.
        case submit
        /// Esc: abandon the edit.
        case cancel
        /// The key means nothing to a text field; the caller may handle it.
        case ignored
    }

    /// A field starting with `text`.
    init(_ text: String = "") {
        self.text = text
    }

    /// Applies `key`.
    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let character):
            // Keys are already free of control characters; the length cap keeps a runaway paste
            // from building a path no file system accepts.
            if text.count < 512 { text.append(character) }
            return .editing
        case .backspace:
            if !text.isEmpty { text.removeLast() }
            return .editing
        case .control("u"):
            text = ""
            return .editing
        case .control("w"):
            // Delete the last word, shell style.
            while text.last == " " { text.removeLast() }
            while let last = text.last, last != " ", last != "/" { text.removeLast() }
            return .editing
        case .enter:
            return .submit
        case .escape:
            return .cancel
        default:
            return .ignored
        }
    }
}
