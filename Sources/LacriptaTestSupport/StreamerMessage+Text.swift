import LacriptaCore

extension StreamerMessage {
    /// Parses the UTF-8 of `text`: tests write messages as text, the product reads bytes.
    public static func parse(_ text: String) -> StreamerMessage {
        parse(Array(text.utf8))
    }
}
