/// The file format of a shared document, chosen by the file name.
enum ShareFormat: Sendable, Equatable {
    /// Markdown, the default.
    case markdown
    /// JSON, for `.json`.
    case json
    /// Plain text, for `.txt`.
    case text

    /// The format for `path`: `.json` → JSON, `.txt` → text, anything else (and `-`) → Markdown.
    init(path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".json") {
            self = .json
        } else if lower.hasSuffix(".txt") {
            self = .text
        } else {
            self = .markdown
        }
    }
}
