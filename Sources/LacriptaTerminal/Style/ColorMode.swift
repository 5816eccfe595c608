/// The user's `--color` choice.
public enum ColorMode: String, Sendable, Hashable, CaseIterable {
    /// Colour when the stream is a terminal, unless the environment says otherwise.
    case auto
    /// Colour even into pipes and files (`--color always`).
    case always
    /// Never colour (`--color never`).
    case never

    /// Parses an option value, ignoring case and surrounding spaces; `nil` for anything else, so
    /// the caller can report the valid values (`ColorMode.allCases`).
    public init?(parsing text: String) {
        let word = text.trimmingSpaces().lowercased()
        self.init(rawValue: word)
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs (no Foundation needed).
    fileprivate func trimmingSpaces() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
