extension KeyParser {
    /// The most characters one `.paste` holds. Text fields cap themselves far lower; this bounds
    /// what the parser keeps when megabytes are pasted.
    public static let maximumPasteLength = 4096

    /// The most bytes of one paste kept while it arrives (four per character, UTF-8's widest);
    /// the rest is read and dropped until the end marker.
    static let maximumPasteBytes = 4 * maximumPasteLength

    /// The parameters of `ESC [ 200 ~`, the start of a paste.
    static let pasteStartParameters = Array("200".utf8)

    /// `ESC [ 201 ~`, the end of a paste.
    static let pasteEnd: [UInt8] = [escapeByte] + Array("[201~".utf8)

    /// Takes paste text from `pending` at `start`. Returns the index after the end marker (the
    /// paste is then in `keys`), or `nil` when the marker has not arrived: the text so far is
    /// kept and `pending` is cut to the bytes that may be the start of a split marker.
    mutating func consumePaste(from start: Int, into keys: inout [Key]) -> Int? {
        if let end = Self.firstIndex(of: Self.pasteEnd, in: pending, from: start) {
            appendToPaste(pending[start..<end])
            if let key = finishPaste() { keys.append(key) }
            return end + Self.pasteEnd.count
        }
        let held = Self.markerPrefixLength(atEndOf: pending, from: start)
        appendToPaste(pending[start..<(pending.count - held)])
        pending.removeFirst(pending.count - held)
        return nil
    }

    /// Adds bytes to the paste up to `maximumPasteBytes`, never keeping half a UTF-8 character.
    private mutating func appendToPaste(_ bytes: ArraySlice<UInt8>) {
        guard var buffer = paste, !buffer.isFull else { return }
        var end = bytes.startIndex + min(bytes.count, Self.maximumPasteBytes - buffer.bytes.count)
        if end < bytes.endIndex {
            // Full: cut before a character that does not fit whole (back up over its
            // continuation bytes and its lead byte), and take nothing after the cut.
            buffer.isFull = true
            if (0x80...0xBF).contains(bytes[end]) {
                while end > bytes.startIndex, (0x80...0xBF).contains(bytes[end - 1]) { end -= 1 }
                if end > bytes.startIndex { end -= 1 }
            }
        }
        buffer.bytes.append(contentsOf: bytes[bytes.startIndex..<end])
        paste = buffer
    }

    /// Ends the paste: its text cleaned and capped, or `nil` when nothing printable was pasted.
    private mutating func finishPaste() -> Key? {
        let bytes = paste?.bytes ?? []
        paste = nil
        // Controls and escape sequences inside the paste go here; line breaks become spaces.
        let text = Sanitizer.sanitize(String(decoding: bytes, as: UTF8.self), keepNewlines: false)
        return text.isEmpty ? nil : .paste(String(text.prefix(Self.maximumPasteLength)))
    }

    /// Where `marker` first occurs in `bytes` at or after `start`.
    private static func firstIndex(of marker: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count - start >= marker.count else { return nil }
        var index = start
        while index <= bytes.count - marker.count {
            // Search for Esc first: one comparison per byte in the common case.
            guard let escape = bytes[index...].firstIndex(of: marker[0]), escape <= bytes.count - marker.count else { return nil }
            if bytes[escape..<(escape + marker.count)].elementsEqual(marker) { return escape }
            index = escape + 1
        }
        return nil
    }

    /// How many bytes at the end of `bytes[start...]` are a proper prefix of `pasteEnd`, i.e.
    /// the start of an end marker whose rest has not been read yet.
    private static func markerPrefixLength(atEndOf bytes: [UInt8], from start: Int) -> Int {
        let available = bytes.count - start
        for length in stride(from: min(pasteEnd.count - 1, available), through: 1, by: -1)
        where bytes[(bytes.count - length)...].elementsEqual(pasteEnd.prefix(length)) {
            return length
        }
        return 0
    }
}

/// The bytes of a bracketed paste as they arrive.
struct PasteBuffer: Sendable, Hashable {
    /// The paste so far, at most `KeyParser.maximumPasteBytes`.
    var bytes: [UInt8] = []
    /// Set once the limit was reached: the rest of the paste is read and dropped.
    var isFull = false
}
