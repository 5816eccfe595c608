extension StyledText {
    /// The text on one line: each line break becomes a space (for table cells and titles).
    public func singleLine() -> StyledText {
        // Drawn every frame, and nearly never holding a line break: left as it is then.
        guard segments.contains(where: { $0.text.utf8.contains(0x0A) }) else { return self }
        return StyledText(segments: segments.map { Segment(sanitized: $0.text.replacing("\n", with: " "), style: $0.style) })
    }

    /// Shortened to at most `width` cells, ending in `ellipsis` (styled like the run it ends) when
    /// anything was cut. Same rules as `DisplayWidth.truncate`: wide characters are never split.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> StyledText {
        guard width > 0 else { return StyledText() }
        if displayWidth <= width { return self }
        let ellipsisWidth = DisplayWidth.width(of: ellipsis)
        let addEllipsis = ellipsisWidth <= width
        var budget = addEllipsis ? width - ellipsisWidth : width
        var result = StyledText()
        var lastStyle = segments.first?.style ?? .plain
        for segment in segments where budget > 0 {
            let piece = DisplayWidth.prefix(of: segment.text, fittingWidth: budget)
            result.append(Segment(sanitized: piece.text, style: segment.style))
            if !piece.text.isEmpty { lastStyle = segment.style }
            budget -= piece.width
            if piece.text.count < segment.text.count { break }
        }
        guard addEllipsis else { return result }
        result = result.trimmingTrailingSpaces()
        result.append(Segment(sanitized: ellipsis, style: result.segments.last?.style ?? lastStyle))
        return result
    }

    /// Padded with unstyled spaces to `width` cells; text that wide or wider is unchanged.
    public func padded(toWidth width: Int, alignment: Alignment = .left) -> StyledText {
        let missing = width - displayWidth
        guard missing > 0 else { return self }
        let (left, right) = DisplayWidth.split(padding: missing, alignment: alignment)
        return StyledText(String(repeating: " ", count: left)) + self
            + StyledText(String(repeating: " ", count: right))
    }

    /// Truncated (with "…") and then padded so it is exactly `width` cells wide.
    public func fitted(toWidth width: Int, alignment: Alignment = .left) -> StyledText {
        truncated(toWidth: width).padded(toWidth: width, alignment: alignment)
    }

    /// The text without trailing spaces, whatever their style.
    public func trimmingTrailingSpaces() -> StyledText {
        var result = segments
        while let last = result.last {
            let trimmed = String(last.text.reversed().drop { $0 == " " }.reversed())
            if trimmed.isEmpty {
                result.removeLast()
                continue
            }
            result[result.count - 1] = Segment(sanitized: trimmed, style: last.style)
            break
        }
        return StyledText(segments: result)
    }
}
