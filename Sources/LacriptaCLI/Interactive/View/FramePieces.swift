import LacriptaTerminal

/// The building blocks every screen's frame shares: the title bar, the key footer, full-width
/// highlighting and the text cursor of an input field.
enum FramePieces {
    /// The style of the title bar: reverse video, so it reads the same with and without colour.
    static let barStyle = TextStyle(bold: true, reverse: true)

    /// A full-width bar with `left` at the start and `right` at the end; `right` gives way first.
    static func titleBar(_ left: String, right: String = "", width: Int) -> StyledText {
        let leftText = " " + left
        let rightText = right.isEmpty ? "" : right + " "
        let room = width - DisplayWidth.width(of: leftText) - DisplayWidth.width(of: rightText)
        let text = room >= 1 ? leftText + String(repeating: " ", count: room) + rightText : leftText
        return StyledText(text, style: barStyle).fitted(toWidth: width)
    }

    /// `line` highlighted across the whole width (the selected row): reverse video on every run.
    static func highlighted(_ line: StyledText, width: Int) -> StyledText {
        line.fitted(toWidth: width).restyled { $0.reversed }
    }

    /// The visible cursor of a text field: a reverse-video cell (the terminal's own cursor is hidden).
    static let textCursor = StyledText(" ", style: .reverse)

    /// The key footer: as many `hints` as fit, with `fixed` (help and quit) always at the end.
    static func footer(_ hints: [KeyHint], fixed: [KeyHint], width: Int) -> StyledText {
        let fixedText = joined(fixed)
        var line = StyledText(" ")
        var used = 1 + fixedText.displayWidth
        for hint in hints {
            let piece = hint.text + StyledText("  ")
            guard used + piece.displayWidth <= width else { break }
            line += piece
            used += piece.displayWidth
        }
        return (line + fixedText).truncated(toWidth: width)
    }

    /// Hints separated by two spaces.
    private static func joined(_ hints: [KeyHint]) -> StyledText {
        StyledText.joined(hints.map(\.text), separator: StyledText("  "))
    }

    /// What is left of `line` from cell `column` on (0-based); a wide character cut in half
    /// becomes a space, so what follows stays in its column.
    static func suffix(of line: StyledText, from column: Int) -> StyledText {
        var result = StyledText()
        var position = 0
        for segment in line.segments {
            var kept = ""
            for character in segment.text {
                let cells = DisplayWidth.width(of: character)
                if position >= column {
                    kept.append(character)
                } else if position + cells > column {
                    kept.append(" ")
                }
                position += cells
            }
            result.append(kept, style: segment.style)
        }
        return result
    }

    /// `text` centred in `width` cells.
    static func centered(_ text: StyledText, width: Int) -> StyledText {
        text.truncated(toWidth: width).padded(toWidth: width, alignment: .center).trimmingTrailingSpaces()
    }
}

/// One key and what it does, for the footer and the help overlay.
struct KeyHint: Sendable, Hashable {
    /// The key as printed: "↑↓", "s", "Enter".
    let key: String
    /// A word or two: "sort", "news".
    let label: String

    /// Creates a hint.
    init(_ key: String, _ label: String) {
        self.key = key
        self.label = label
    }

    /// "s sort": the key bold, the label dim.
    var text: StyledText {
        StyledText(key, style: .bold) + StyledText(" " + label, style: .secondary)
    }
}
