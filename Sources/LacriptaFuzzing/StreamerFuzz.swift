import LacriptaCore

/// The CryptoCompare streamer: its parser and price board, and the JSON cursor's numbers.
enum StreamerFuzz {
    /// Parses each line as one streamer message and merges the updates into a board twice, by the
    /// public path (`parse` then `merge(_:)`) and by the feed's in-place path
    /// (`parse(_:into:)` then `merge(scanned:)`); the two boards must end up equal.
    static func messages(_ input: [UInt8]) throws(FuzzFailure) {
        let parser = StreamerParser()
        var copied = PriceBoard()
        var inPlace = PriceBoard()
        var record = ScanRecord()
        for line in FuzzInput.lines(input) {
            let bytes = Array(line)
            if case .update(let update) = parser.parse(bytes) {
                _ = copied.merge(update, receivedAt: .seconds(1))
            }
            bytes.withUnsafeBytes { raw in
                if case .priceUpdate = parser.parse(raw, into: &record) {
                    _ = inPlace.merge(scanned: record, receivedAt: .seconds(1)) { _, _ in () }
                }
            }
        }
        try FuzzFailure.check(copied == inPlace, "the in-place merge and the copying merge give different boards")
    }

    /// Reads a number at the start of the input with the cursor; when it accepts one, the value
    /// must equal `Double(String)` of the same text (sign of zero included), and an exact integer
    /// must equal `Int64(String)` of it.
    static func number(_ input: [UInt8]) throws(FuzzFailure) {
        guard let (value, integer, length) = input.withUnsafeBytes({ JSONNumberText.read($0) }) else { return }
        try FuzzFailure.check(length > 0 && length <= input.count, "the cursor took \(length) of \(input.count) bytes")
        let text = FuzzInput.text(input[..<length])
        guard let expected = Double(text) else { throw FuzzFailure("the cursor read \(value) from \(text.debugDescription), Double(String) nothing") }
        try FuzzFailure.check(
            value == expected && value.sign == expected.sign,
            "the cursor read \(value) from \(text.debugDescription), Double(String) \(expected)")
        if let integer {
            try FuzzFailure.check(Int64(text) == integer, "the cursor read the integer \(integer) from \(text.debugDescription)")
        }
    }
}
