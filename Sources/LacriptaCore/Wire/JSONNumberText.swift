/// The JSON cursor's number reader, open to the rest of this package (not to users of the
/// library): the fuzz entries (`LacriptaFuzzing`) check that it reads every number exactly as
/// `Double(String)` reads the same text, while `JSONCursor` itself stays internal.
package enum JSONNumberText {
    /// Reads the number at the start of `bytes` as the streamer and exchange parsers do: its value,
    /// the exact integer when it was written as one that fits, and how many bytes it took; nil
    /// when the cursor refuses it.
    package static func read(_ bytes: UnsafeRawBufferPointer) -> (value: Double, integer: Int64?, length: Int)? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        let pointer = base.assumingMemoryBound(to: UInt8.self)
        guard let (number, end) = try? JSONCursor.parseNumber(pointer, start: 0, limit: bytes.count) else { return nil }
        return (number.value, number.integer, end)
    }
}
