/// Turns the bytes a terminal sends in raw mode into `Key`s: a pure state machine with no I/O.
///
/// Feed it whatever each `read(2)` returned; it keeps an incomplete escape sequence or UTF-8
/// character until the rest arrives, so a key split across reads decodes the same as one read.
/// Understood: CSI (`ESC [`) and SS3 (`ESC O`) arrows, Home/End in their xterm, VT220 and rxvt
/// spellings (`ESC [ H`/`F`, `ESC [ 1 ~`/`4 ~`, `ESC [ 7 ~`/`8 ~`), PgUp/PgDn, Insert/Delete,
/// F1–F12, modifier parameters (`ESC [ 1 ; 5 A` is still Up), Enter (`\r`, `\n`), Backspace
/// (0x7F, 0x08), Tab, Ctrl-letters (0x01–0x1A, so Ctrl-C is `.control("c")` when ISIG is off) and
/// UTF-8 text. An unknown but complete sequence becomes `.unknown`, never stray characters.
/// Bracketed paste (`ESC [ 200 ~` text `ESC [ 201 ~`) becomes one `.paste`, whatever it holds
/// and however many reads it spans (see `KeyParser+Paste.swift`).
///
/// A lone Esc is indistinguishable from the start of a sequence until time passes, and time is
/// the caller's business: when `hasPendingEscape` is true after a feed, wait briefly (50 ms
/// suits local terminals and tmux) and then call `flushPendingEscape()` unless more bytes came.
public struct KeyParser: Sendable, Hashable {
    /// Bytes received but not yet decoded (the start of a sequence or character).
    public internal(set) var pending: [UInt8] = []
    /// The bracketed paste under way; `nil` outside one.
    var paste: PasteBuffer?

    /// The longest sequence we wait for; anything longer is garbage and is dropped as `.unknown`.
    static let maximumSequenceLength = 32

    /// A parser with nothing pending.
    public init() {}

    /// True when the bytes held back start with Esc: either a lone Esc or a sequence cut short.
    /// The caller should call `flushPendingEscape()` if nothing else arrives soon.
    public var hasPendingEscape: Bool { paste == nil && pending.first == Self.escapeByte }

    /// Decodes `bytes` (appended to anything pending) and returns the complete keys, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        return drain(final: false)
    }

    /// Resolves a pending Esc after the caller's timeout: the Esc becomes `.escape` and whatever
    /// followed it is decoded as ordinary input (so Esc then `[` typed slowly stays two keys).
    public mutating func flushPendingEscape() -> [Key] {
        guard hasPendingEscape else { return [] }
        return drain(final: true)
    }

    /// Decodes as much of `pending` as forms complete keys.
    private mutating func drain(final: Bool) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            if paste != nil {
                // Inside a paste everything is text until the end marker, even a lone Esc.
                guard let next = consumePaste(from: index, into: &keys) else { return keys }
                index = next
                continue
            }
            switch Self.decode(pending, from: index) {
            case .key(let key, let length):
                keys.append(key)
                index += length
            case .beginPaste(let length):
                paste = PasteBuffer()
                index += length
            case .skip(let length):
                index += length
            case .incomplete:
                guard final else {
                    pending.removeFirst(index)
                    return keys
                }
                // Nothing more is coming: an Esc stands alone, a cut-short UTF-8 byte is dropped.
                if pending[index] == Self.escapeByte { keys.append(.escape) }
                index += 1
            }
        }
        pending.removeAll()
        return keys
    }

    /// What the bytes at `start` hold.
    enum Step: Equatable {
        /// A key made of `length` bytes.
        case key(Key, length: Int)
        /// `length` bytes that mean nothing (invalid UTF-8, NUL); dropped.
        case skip(length: Int)
        /// The `length` bytes of `ESC [ 200 ~`: a bracketed paste starts.
        case beginPaste(length: Int)
        /// The start of something longer; wait for more bytes.
        case incomplete
    }

    static let escapeByte: UInt8 = 0x1B

    /// Decodes one key at `start`.
    static func decode(_ bytes: [UInt8], from start: Int) -> Step {
        let byte = bytes[start]
        switch byte {
        case escapeByte: return decodeEscape(bytes, from: start)
        case 0x0D, 0x0A: return .key(.enter, length: 1)
        case 0x09: return .key(.tab, length: 1)
        case 0x7F, 0x08: return .key(.backspace, length: 1)
        case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(byte + 0x60))), length: 1)
        case 0x00, 0x1C...0x1F: return .skip(length: 1)
        case 0x20...0x7E: return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
        default: return decodeUTF8(bytes, from: start)
        }
    }

    /// Decodes a sequence starting with Esc.
    private static func decodeEscape(_ bytes: [UInt8], from start: Int) -> Step {
        let next = start + 1
        guard next < bytes.count else { return .incomplete }
        switch bytes[next] {
        case UInt8(ascii: "["): return decodeCSI(bytes, from: next + 1, start: start)
        case UInt8(ascii: "O"):
            guard next + 1 < bytes.count else { return .incomplete }
            // Alt-Shift-O followed by a control byte is no SS3 sequence: the Esc stands alone.
            guard (0x40...0x7E).contains(bytes[next + 1]) else { return .key(.escape, length: 1) }
            return .key(ss3Key(bytes[next + 1]), length: 3)
        default:
            // Esc followed by anything else (Alt-x, or Esc pressed twice): the Esc stands alone.
            return .key(.escape, length: 1)
        }
    }

    /// Decodes `ESC [ parameters intermediates final`.
    private static func decodeCSI(_ bytes: [UInt8], from first: Int, start: Int) -> Step {
        var cursor = first
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if (0x40...0x7E).contains(byte) {
                let parameters = Array(bytes[first..<cursor])
                if byte == UInt8(ascii: "~"), parameters == pasteStartParameters { return .beginPaste(length: cursor - start + 1) }
                return .key(csiKey(final: byte, parameters: parameters), length: cursor - start + 1)
            }
            guard (0x20...0x3F).contains(byte) else {
                // Not a valid sequence: the Esc and `[` stand alone, the rest is decoded afresh.
                return .key(.escape, length: 1)
            }
            cursor += 1
            if cursor - start > maximumSequenceLength { return .key(.unknown, length: cursor - start) }
        }
        return .incomplete
    }

    /// The key for a CSI final byte and its parameter bytes.
    private static func csiKey(final: UInt8, parameters: [UInt8]) -> Key {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "P"): return .function(1)
        case UInt8(ascii: "Q"): return .function(2)
        case UInt8(ascii: "R"): return .function(3)
        case UInt8(ascii: "S"): return .function(4)
        case UInt8(ascii: "~"): return tildeKey(parameters)
        default: return .unknown
        }
    }

    /// The key for `ESC [ n ~` (VT220 style); modifiers after `;` are ignored.
    private static func tildeKey(_ parameters: [UInt8]) -> Key {
        let first = parameters.prefix { $0 != UInt8(ascii: ";") }
        guard !first.isEmpty, first.allSatisfy({ (0x30...0x39).contains($0) }),
            let number = Int(String(decoding: first, as: UTF8.self))
        else { return .unknown }
        switch number {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(number - 10)
        case 17...21: return .function(number - 11)
        case 23, 24: return .function(number - 12)
        default: return .unknown
        }
    }

    /// The key for `ESC O x` (application cursor mode and keypad).
    private static func ss3Key(_ byte: UInt8) -> Key {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "M"): .enter
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        default: .unknown
        }
    }

    /// Decodes one UTF-8 character of 2–4 bytes; invalid bytes are skipped one at a time.
    private static func decodeUTF8(_ bytes: [UInt8], from start: Int) -> Step {
        let lead = bytes[start]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .skip(length: 1)  // a stray continuation byte, C1 byte or invalid lead
        }
        let available = min(length, bytes.count - start)
        for offset in 1..<available where !(0x80...0xBF).contains(bytes[start + offset]) {
            return .skip(length: 1)
        }
        guard available == length else { return .incomplete }
        // The codec rejects overlong forms and surrogates; C1 controls (U+0080–U+009F) are no text.
        var iterator = bytes[start..<(start + length)].makeIterator()
        var codec = UTF8()
        guard case .scalarValue(let scalar) = codec.decode(&iterator), scalar.value >= 0xA0 else { return .skip(length: 1) }
        return .key(.character(Character(scalar)), length: length)
    }
}
