import LacriptaTerminal

/// A one-line text field for the filter and the share prompt: type, paste, Backspace, Ctrl-U to clear.
///
/// The cursor always sits at the end; that is all a filter or a path needs, and it keeps the
/// field predictable over tmux, screen and slow links. A paste is inserted in one go, and the
/// field stops growing at `maximumLength`, so a runaway paste costs one cheap edit, not one per
/// character.
struct LineEditor: Sendable, Hashable {
    /// The text typed so far.
    private(set) var text: String
    /// The most characters the field holds; what is typed or pasted beyond it is dropped.
    let maximumLength: Int

    /// What a key did to the field.
    enum Outcome: Sendable, Hashable {
        /// The text changed; keep editing.
        case edited
        /// The key was absorbed without changing the text (Backspace on an empty field, typing
        /// into a full one); keep editing.
        case unchanged
        /// Enter: use the text.
        case submit
        /// Esc: abandon the edit.
        case cancel
        /// The key means nothing to a text field; the caller may handle it.
        case ignored
    }

    /// A field starting with `text`, holding at most `maximumLength` characters (512 by default,
    /// more than any path a file system accepts).
    init(_ text: String = "", maximumLength: Int = 512) {
        self.maximumLength = max(0, maximumLength)
        self.text = String(text.prefix(self.maximumLength))
    }

    /// Applies `key`.
    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let character):
            return insert(String(character))
        case .paste(let pasted):
            return insert(pasted)
        case .backspace:
            guard !text.isEmpty else { return .unchanged }
            text.removeLast()
            return .edited
        case .control("u"):
            guard !text.isEmpty else { return .unchanged }
            text = ""
            return .edited
        case .control("w"):
            // Delete the last word, shell style.
            let before = text
            while text.last == " " { text.removeLast() }
            while let last = text.last, last != " ", last != "/" { text.removeLast() }
            return text == before ? .unchanged : .edited
        case .enter:
            return .submit
        case .escape:
            return .cancel
        default:
            return .ignored
        }
    }

    /// Appends `pieces` as one edit: controls dropped and line breaks made spaces (whatever the
    /// caller passes), then cut to the room left.
    mutating func insert(_ pieces: String) -> Outcome {
        let room = maximumLength - text.count
        guard room > 0 else { return .unchanged }
        let clean = Sanitizer.sanitize(pieces, keepNewlines: false)
        guard !clean.isEmpty else { return .unchanged }
        text += clean.prefix(room)
        return .edited
    }
}
