/// Word-wraps text to a terminal width, measuring in display cells (CJK counts two).
///
/// Each input line (split at `\n`) is wrapped on its own, so paragraph breaks and blank lines
/// survive. Words are separated by spaces (runs collapse to one; a no-break space U+00A0 does not
/// break); a word longer than the line is cut into pieces that fill each line, never splitting a
/// grapheme cluster (a wide character, an emoji sequence, a letter and its marks). No output line
/// has trailing spaces.
///
/// Wrapping is linear in the length of the text: every grapheme cluster is measured once, and a
/// long word is cut in the same pass (re-measuring what is left of the word after each cut made a
/// 200,000-character word take over a minute).
public struct TextWrapper: Sendable, Hashable {
    /// Total line width in cells, including `indent`.
    public var width: Int
    /// Written at the start of every non-empty line (e.g. "  " for a news body under a title).
    public var indent: String

    /// Creates a wrapper for lines of `width` cells, each starting with `indent`.
    public init(width: Int, indent: String = "") {
        self.width = width
        self.indent = indent
    }

    /// The wrapped lines of `text`, without line terminators.
    public func wrap(_ text: String) -> [String] {
        // Always leave at least one cell for text, even when the indent is as wide as the line.
        let available = max(1, width - DisplayWidth.width(of: indent))
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var builder = LineBuilder(available: available)
            for word in paragraph.split(separator: " ") {
                builder.add(word)
            }
            let wrapped = builder.finish()
            lines += wrapped.isEmpty ? [""] : wrapped.map { indent + $0 }
        }
        return lines
    }
}

/// Fills lines for one paragraph.
private struct LineBuilder {
    let available: Int
    var lines: [String] = []
    var current = ""
    var currentWidth = 0

    init(available: Int) {
        self.available = available
    }

    /// Adds a word, starting a new line or breaking the word when it does not fit.
    mutating func add(_ word: Substring) {
        // Each cluster's width, measured once; both the fit test and the cuts below use them.
        let widths = word.map { DisplayWidth.width(of: $0) }
        let wordWidth = widths.reduce(0, +)
        if !current.isEmpty {
            if currentWidth + 1 + wordWidth <= available {
                current += " "
                current += word
                currentWidth += 1 + wordWidth
                return
            }
            flush()
        }
        if wordWidth <= available {
            current = String(word)
            currentWidth = wordWidth
            return
        }
        // Too long for any line: fill lines greedily, one cluster at a time. The last piece stays
        // open so the next word can join it.
        for (character, cells) in zip(word, widths) {
            // A cluster wider than the line (two cells on a one-cell line) goes on a line of its
            // own anyway, so wrapping always ends.
            if currentWidth + cells > available, !current.isEmpty { flush() }
            current.append(character)
            currentWidth += cells
        }
    }

    /// Ends the line being filled, if any.
    private mutating func flush() {
        if !current.isEmpty { lines.append(current) }
        current = ""
        currentWidth = 0
    }

    /// All lines of the paragraph.
    mutating func finish() -> [String] {
        flush()
        return lines
    }
}
