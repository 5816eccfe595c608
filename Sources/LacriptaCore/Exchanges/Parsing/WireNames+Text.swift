extension WireNames {
    /// The value of the name `text` (a string from a decoded message, not a span of one).
    func value(_ text: String) -> Value? {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
            return value(base, 0..<bytes.count, limit: bytes.count)
        }
    }

    /// A table of `names`, each worth its index in the array (pairs by their exchange symbol).
    static func indexed(_ names: [String]) -> WireNames<Int> {
        WireNames<Int>(names.enumerated().map { ($0.element, $0.offset) })
    }
}
