import Foundation
import LacriptaTerminal

/// Lays help text out for one terminal width: paragraphs re-wrapped, and definition lists (an
/// option and its help, a variable and its meaning) with every description starting in one
/// column, wrapped under it, and started on the next line when the name reaches past it, as
/// swift-argument-parser's help does. Pure: text and a width in, lines out.
struct HelpLayout {
    /// The narrowest and widest layout: below 40 columns nothing reads well anyway, and past 120 a
    /// description line is too long to follow with the eye.
    static let widths = 40...120
    /// Where descriptions start, at most (a long name goes on a line of its own instead).
    static let descriptionColumn = 26

    /// The width laid out for, within `widths`.
    let width: Int

    /// A layout for a terminal (or `COLUMNS`) of `columns`.
    init(columns: Int) {
        width = min(max(columns, Self.widths.lowerBound), Self.widths.upperBound)
    }

    /// A layout for the whole of `columns` (at least 40): for listings whose values (paths, URLs)
    /// read better on one long line than wrapped.
    init(fullWidth columns: Int) {
        width = max(columns, Self.widths.lowerBound)
    }

    /// `text` re-wrapped: its own line breaks were made for one width and are joined first; a
    /// blank line still separates paragraphs.
    func paragraphs(_ text: String, indent: Int = 0) -> [String] {
        let paragraphs = text.components(separatedBy: "\n\n").map { paragraph in
            paragraph.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        }
        var lines: [String] = []
        for (index, paragraph) in paragraphs.enumerated() {
            if index > 0 { lines.append("") }
            lines += TextWrapper(width: width, indent: String(repeating: " ", count: indent)).wrap(paragraph)
        }
        return lines
    }

    /// `entries` as a definition list indented by `indent`: names on the left, each description
    /// starting in one column (the longest name's end plus two, at most `descriptionColumn`).
    func definitions(_ entries: [(name: String, description: String)], indent: Int = 2) -> [String] {
        let longest = entries.map { DisplayWidth.width(of: $0.name) }.max() ?? 0
        let column = min(indent + longest + 2, Self.descriptionColumn, width / 2)
        let pad = String(repeating: " ", count: indent)
        let hanging = TextWrapper(width: width, indent: String(repeating: " ", count: column))
        var lines: [String] = []
        for entry in entries {
            guard !entry.description.isEmpty else {
                lines += TextWrapper(width: width, indent: pad).wrap(entry.name)
                continue
            }
            var description = hanging.wrap(entry.description)
            let nameWidth = DisplayWidth.width(of: entry.name)
            if indent + nameWidth + 2 <= column, let first = description.first {
                let gap = String(repeating: " ", count: column - indent - nameWidth)
                description[0] = pad + entry.name + gap + first.dropFirst(column)
                lines += description
            } else {
                // A name past the column (or past the line) gets lines of its own, broken after
                // its commas when it lists several.
                lines += TextWrapper(width: width, indent: pad).wrap(entry.name)
                lines += description
            }
        }
        return lines
    }
}
