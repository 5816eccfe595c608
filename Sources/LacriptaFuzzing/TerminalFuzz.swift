import LacriptaTerminal

/// The terminal side: the key parser and the sanitiser.
enum TerminalFuzz {
    /// Decodes the input as one read and as random reads (then resolves a pending Esc, as the
    /// driver does after its timeout): the keys must be the same, as `KeyParser` promises for a
    /// key split across reads.
    static func keys(_ input: [UInt8]) throws(FuzzFailure) {
        let whole = decode([input[...]])
        let reads = decode(FuzzInput.reads(input, typical: 3))
        try FuzzFailure.check(reads.keys == whole.keys, "keys differ when the bytes are split into reads: \(whole.keys) vs \(reads.keys)")
        try FuzzFailure.check(reads.pending == whole.pending, "the bytes held back differ when split into reads")
    }

    /// Feeds `reads` to one parser, then flushes a pending Esc.
    static func decode(_ reads: [ArraySlice<UInt8>]) -> (keys: [Key], pending: [UInt8]) {
        var parser = KeyParser()
        var keys: [Key] = []
        for read in reads { keys += parser.feed(read) }
        keys += parser.flushPendingEscape()
        return (keys, parser.pending)
    }

    /// Sanitises the input as text in each of the three ways lacripta does; no result may hold
    /// ESC, another C0 or C1 control, DEL, or a bidi control (a line break only where kept).
    static func sanitizer(_ input: [UInt8]) throws(FuzzFailure) {
        let text = FuzzInput.text(input)
        try checkClean(Sanitizer.sanitize(text), newlines: false)
        try checkClean(Sanitizer.sanitize(text, keepNewlines: true), newlines: true)
        try checkClean(Sanitizer.singleLine(text), newlines: false)
    }

    /// Throws on the first scalar of `text` a terminal could act on or that reorders text.
    static func checkClean(_ text: String, newlines: Bool) throws(FuzzFailure) {
        for scalar in text.unicodeScalars where isForbidden(scalar, newlines: newlines) {
            throw FuzzFailure("the sanitiser let U+\(String(scalar.value, radix: 16, uppercase: true)) through (newlines kept: \(newlines))")
        }
    }

    /// C0 (but `\n` when kept), DEL, C1, and the bidi embeddings, overrides, isolates and marks.
    static func isForbidden(_ scalar: Unicode.Scalar, newlines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: !newlines
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
