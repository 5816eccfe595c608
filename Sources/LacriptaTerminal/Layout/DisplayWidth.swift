/// Terminal cell widths, truncation and padding for strings.
///
/// A grapheme cluster (a `Character`) is as wide as its widest scalar: East Asian Wide and
/// Fullwidth characters (CJK, Hangul, kana, fullwidth forms) and emoji with emoji presentation take
/// two cells, combining marks and zero-width format characters none. An emoji sequence (ZWJ family,
/// flag, keycap, skin tone, text symbol + U+FE0F) counts as one two-cell glyph, which is how current
/// terminals (iTerm2, kitty, WezTerm, Windows Terminal, Ghostty, Terminal.app) draw them. East Asian
/// *Ambiguous* characters (…, ▲, °, Greek, Cyrillic) count as one cell, as in non-CJK locales.
///
/// Every function here walks whole grapheme clusters, so nothing it cuts or pads splits an emoji
/// sequence or a letter from its marks. A cluster of hundreds of scalars would still be measured
/// as one glyph while terminals draw it wider or smear it; text from outside never holds one,
/// because `Sanitizer` cuts clusters to `Sanitizer.maximumClusterScalars`.
public enum DisplayWidth {
    /// The number of terminal cells `text` occupies on one line.
    public static func width(of text: some StringProtocol) -> Int {
        // Nearly everything drawn (figures, names, box and braille chart cells) is made of scalars
        // that are one cell each on their own and never join with their neighbours: counted
        // without breaking the text into grapheme clusters, which cost a redraw most of its time.
        var cells = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20..<0x7F, 0x2500..<0x25A0, 0x2800..<0x2900: cells += 1
            case 0..<0x20, 0x7F: continue
            default: return clusterWidth(of: text)
            }
        }
        return cells
    }

    /// `width(of:)` cluster by cluster, for text with scalars that can combine or be wide.
    private static func clusterWidth(of text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += width(of: character) }
        return total
    }

    /// The number of terminal cells one grapheme cluster occupies (0, 1 or 2).
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if character.isASCII { return width(of: first) }  // also covers "\r\n", one cluster
        var widest = 0
        for scalar in scalars {
            // VS16 turns a text-style symbol (❤, ©, digits in keycaps) into a two-cell emoji.
            if scalar.value == 0xFE0F, first.properties.isEmoji { return 2 }
            widest = max(widest, width(of: scalar))
        }
        return widest
    }

    /// The number of cells a single scalar occupies when drawn on its own.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }  // controls draw nothing
        if value < 0x7F { return 1 }
        if isZeroWidth(scalar) { return 0 }
        if scalar.properties.isEmojiPresentation || isEastAsianWide(value) { return 2 }
        return 1
    }

    /// The longest prefix of `text` that fits in `width` cells, and its width. A wide character
    /// that would straddle the limit is left out whole, so the result may be one cell short.
    public static func prefix(of text: some StringProtocol, fittingWidth width: Int) -> (text: String, width: Int) {
        var result = ""
        var used = 0
        for character in text {
            let cells = self.width(of: character)
            if used + cells > width { break }
            result.append(character)
            used += cells
        }
        return (result, used)
    }

    /// `text` shortened to at most `width` cells, ending in `ellipsis` when anything was cut.
    ///
    /// Text that fits is returned unchanged. Spaces left in front of the ellipsis are dropped
    /// ("Hello…", not "Hello …"). If even the ellipsis does not fit, the text is cut without it.
    public static func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if self.width(of: text) <= width { return text }
        let ellipsisWidth = self.width(of: ellipsis)
        guard ellipsisWidth <= width else { return prefix(of: text, fittingWidth: width).text }
        var kept = prefix(of: text, fittingWidth: width - ellipsisWidth).text
        while kept.last == " " { kept.removeLast() }
        return kept + ellipsis
    }

    /// `text` padded with spaces to `width` cells; text already that wide or wider is unchanged.
    public static func pad(_ text: String, toWidth width: Int, alignment: Alignment = .left) -> String {
        let missing = width - self.width(of: text)
        guard missing > 0 else { return text }
        let (left, right) = split(padding: missing, alignment: alignment)
        return String(repeating: " ", count: left) + text + String(repeating: " ", count: right)
    }

    /// `text` truncated (with "…") and then padded so it is exactly `width` cells wide.
    public static func fit(_ text: String, toWidth width: Int, alignment: Alignment = .left) -> String {
        pad(truncate(text, toWidth: width), toWidth: width, alignment: alignment)
    }

    /// How many spaces go left and right of the text for the given alignment.
    static func split(padding: Int, alignment: Alignment) -> (left: Int, right: Int) {
        switch alignment {
        case .left: (0, padding)
        case .right: (padding, 0)
        case .center: (padding / 2, padding - padding / 2)
        }
    }

    /// Combining marks, zero-width format characters and the Hangul vowel/final jamo that join
    /// onto a preceding syllable.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// Binary search in the East Asian Wide/Fullwidth table.
    private static func isEastAsianWide(_ value: UInt32) -> Bool {
        var low = 0
        var high = eastAsianWideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = eastAsianWideRanges[mid]
            if value < range.lowerBound {
                high = mid - 1
            } else if value > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}

extension StringProtocol {
    /// The number of terminal cells this string occupies; see `DisplayWidth`.
    public var displayWidth: Int { DisplayWidth.width(of: self) }
}
