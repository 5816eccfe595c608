/// Makes untrusted text (anything a server sent) safe to print on a terminal.
///
/// It removes whole escape sequences (CSI, OSC, DCS, … in both their 7-bit `ESC x` and 8-bit C1
/// forms), every other C0/C1 control and DEL, bidirectional overrides and isolates that can reorder
/// what a reader sees ("Trojan Source"), and invisible format characters that spoof or hide text.
/// Tabs become one space, `\r\n` and lone `\r` become `\n`, and NEL/U+2028/U+2029 count as line
/// breaks. Zero-width joiners, variation selectors and emoji flag tag sequences are kept, because
/// emoji need them. No grapheme cluster keeps more than `maximumClusterScalars` scalars, so a
/// stack of combining marks or a chain of joined emoji cannot smear across cells. It works on
/// Unicode scalars and never traps, whatever the input.
public enum Sanitizer {
    /// Cleans `text`; line breaks are kept as `\n` when `keepNewlines`, otherwise each becomes a space.
    public static func sanitize(_ text: String, keepNewlines: Bool = false) -> String {
        // Most strings are already clean; they come back untouched without copying.
        if text.unicodeScalars.allSatisfy({ isPassThrough($0, keepNewlines: keepNewlines) }) {
            return limitingClusters(text)
        }
        var scanner = Scanner(scalars: Array(text.unicodeScalars), keepNewlines: keepNewlines)
        return limitingClusters(scanner.run())
    }

    /// Cleans `text` for a one-line slot (titles, table cells): line breaks and tabs become spaces,
    /// runs of spaces collapse to one, and leading and trailing spaces go.
    public static func singleLine(_ text: String) -> String {
        let clean = sanitize(text, keepNewlines: false)
        return clean.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// True for scalars that need no work, so the fast path can return the input as is.
    private static func isPassThrough(_ scalar: Unicode.Scalar, keepNewlines: Bool) -> Bool {
        if scalar == "\n" { return keepNewlines }
        return classify(scalar) == .keep
    }

    /// What the scanner does with one scalar.
    fileprivate enum Kind: Equatable {
        case keep, drop, lineBreak, carriageReturn, tab, escape, c1Introducer, tag
    }

    /// Sorts one scalar; the lists follow Unicode's own tables of bidi controls and default-ignorables.
    fileprivate static func classify(_ scalar: Unicode.Scalar) -> Kind {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029: return .lineBreak
        case 0x0D: return .carriageReturn
        case 0x09: return .tab
        case 0x1B: return .escape
        case 0x90, 0x98, 0x9B, 0x9D, 0x9E, 0x9F: return .c1Introducer
        case 0x00...0x1F, 0x7F...0x9F: return .drop
        case 0x00AD,  // soft hyphen: invisible in some terminals, a hyphen in others
            0x061C,  // Arabic letter mark
            0x180E,  // Mongolian vowel separator
            0x200B, 0x200E, 0x200F,  // zero-width space, LRM, RLM
            0x202A...0x202E,  // LRE, RLE, PDF, LRO, RLO
            0x2060...0x2064,  // word joiner and invisible operators
            0x2066...0x2069,  // LRI, RLI, FSI, PDI
            0x206A...0x206F,  // deprecated format characters
            0x3164, 0xFFA0,  // Hangul fillers, used as "blank" names
            0xFEFF,  // byte order mark / zero-width no-break space
            0xFFF9...0xFFFB,  // interlinear annotation controls
            0x1D173...0x1D17A:  // musical symbol format controls
            return .drop
        case 0xE0001, 0xE0020...0xE007F: return .tag
        default: return .keep
        }
    }
}

/// One pass over the scalars of a dirty string.
private struct Scanner {
    let scalars: [Unicode.Scalar]
    let keepNewlines: Bool
    var output = String.UnicodeScalarView()
    var index = 0
    /// True right after U+1F3F4 (black flag) or a tag that follows it: a subdivision flag like
    /// England's, the one legitimate use of tag characters (elsewhere they smuggle hidden text).
    var inFlagTags = false

    init(scalars: [Unicode.Scalar], keepNewlines: Bool) {
        self.scalars = scalars
        self.keepNewlines = keepNewlines
    }

    /// Consumes the input and returns the cleaned string.
    mutating func run() -> String {
        while index < scalars.count {
            let scalar = scalars[index]
            let kind = Sanitizer.classify(scalar)
            if kind != .tag { inFlagTags = false }
            switch kind {
            case .keep:
                output.append(scalar)
                inFlagTags = scalar.value == 0x1F3F4
                index += 1
            case .drop:
                index += 1
            case .tab:
                output.append(" ")
                index += 1
            case .lineBreak:
                appendLineBreak()
                index += 1
            case .carriageReturn:
                // "\r\n" is one break; a lone "\r" (old Mac files) is a break too, never a rewind.
                let next = index + 1
                if next < scalars.count, scalars[next] == "\n" { index = next + 1 } else { index += 1 }
                appendLineBreak()
            case .escape:
                index = skipEscapeSequence(at: index)
            case .c1Introducer:
                index = scalar.value == 0x9B ? skipControlSequence(from: index + 1) : skipString(from: index + 1)
            case .tag:
                if inFlagTags { output.append(scalar) }
                if scalar.value == 0xE007F { inFlagTags = false }
                index += 1
            }
        }
        return String(output)
    }

    private mutating func appendLineBreak() {
        output.append(keepNewlines ? "\n" : " ")
    }

    /// Returns the index just past the sequence that starts with ESC at `start`.
    private func skipEscapeSequence(at start: Int) -> Int {
        let next = start + 1
        guard next < scalars.count else { return next }
        switch scalars[next].value {
        case 0x5B: return skipControlSequence(from: next + 1)  // ESC [  (CSI)
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return skipString(from: next + 1)  // ESC ] P X ^ _
        case 0x20...0x2F:  // ESC, intermediates, one final byte (e.g. ESC ( B)
            var cursor = next
            while cursor < scalars.count, (0x20...0x2F).contains(scalars[cursor].value) { cursor += 1 }
            if cursor < scalars.count, (0x30...0x7E).contains(scalars[cursor].value) { cursor += 1 }
            return cursor
        case 0x30...0x7E: return next + 1  // two-character sequences such as ESC c (full reset)
        default: return next  // a stray ESC: drop it alone and keep what follows
        }
    }

    /// Skips CSI parameters, intermediates and the final byte starting at `start`.
    private func skipControlSequence(from start: Int) -> Int {
        var cursor = start
        while cursor < scalars.count, (0x30...0x3F).contains(scalars[cursor].value) { cursor += 1 }
        while cursor < scalars.count, (0x20...0x2F).contains(scalars[cursor].value) { cursor += 1 }
        if cursor < scalars.count, (0x40...0x7E).contains(scalars[cursor].value) { cursor += 1 }
        return cursor
    }

    /// Skips an OSC/DCS/SOS/PM/APC payload through its terminator (BEL, ST, CAN or SUB; an ESC
    /// that is not ST aborts it). Unterminated, only the introducer goes and the rest is kept as
    /// (cleaned) text, so one stray byte cannot hide the whole article.
    private func skipString(from start: Int) -> Int {
        var cursor = start
        while cursor < scalars.count {
            switch scalars[cursor].value {
            case 0x07, 0x9C, 0x18, 0x1A:
                return cursor + 1
            case 0x1B:
                let next = cursor + 1
                return next < scalars.count && scalars[next] == "\\" ? next + 1 : cursor
            default:
                cursor += 1
            }
        }
        return start
    }
}
