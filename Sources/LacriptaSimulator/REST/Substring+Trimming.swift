extension Substring {
    /// The text without surrounding spaces and tabs (query items and header values).
    func trimmingSpaces() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
