/// Text made of runs that each carry a `TextStyle`: the model that `ANSIRenderer` turns into bytes.
///
/// Every segment's text is passed through `Sanitizer` (line breaks kept) when it is created, so a
/// `StyledText` can never hold an escape sequence or control character, whoever built it; escapes
/// appear only when the renderer adds them from `SGR`. Empty runs are dropped and neighbouring runs
/// with the same style are merged, so equal-looking texts compare equal.
public struct StyledText: Sendable, Hashable {
    /// One run of text in one style.
    public struct Segment: Sendable, Hashable {
        /// The (already sanitized) characters of this run.
        public let text: String
        /// How the run looks.
        public let style: TextStyle

        /// Creates a run; `text` is sanitized, keeping line breaks.
        public init(_ text: String, style: TextStyle = .plain) {
            self.text = Sanitizer.sanitize(text, keepNewlines: true)
            self.style = style
        }

        /// Wraps text that is already clean (from another segment) without scanning it again.
        init(sanitized text: String, style: TextStyle) {
            self.text = text
            self.style = style
        }
    }

    /// The runs, in order; never contains an empty run or two neighbours with the same style.
    public private(set) var segments: [Segment] = []

    /// An empty text.
    public init() {}

    /// A text of one run; `text` is sanitized (line breaks kept).
    public init(_ text: String, style: TextStyle = .plain) {
        append(Segment(text, style: style))
    }

    /// A text made of the given runs.
    public init(segments: [Segment]) {
        for segment in segments { append(segment) }
    }

    /// The characters without any styling.
    public var plainText: String { segments.map(\.text).joined() }

    /// True when there are no characters.
    public var isEmpty: Bool { segments.isEmpty }

    /// The number of terminal cells the text occupies on one line.
    public var displayWidth: Int { segments.reduce(0) { $0 + DisplayWidth.width(of: $1.text) } }

    /// Appends `text` in `style`; `text` is sanitized (line breaks kept).
    public mutating func append(_ text: String, style: TextStyle = .plain) {
        append(Segment(text, style: style))
    }

    /// Appends one run, merging it into the last run when the style is the same.
    public mutating func append(_ segment: Segment) {
        guard !segment.text.isEmpty else { return }
        if let last = segments.last, last.style == segment.style {
            var merged = last.text + segment.text
            // A run starting with combining marks or a joiner extends the last run's final cluster,
            // which must stay within the sanitiser's limit too.
            if segment.text.unicodeScalars.first?.isASCII == false { merged = Sanitizer.limitingClusters(merged) }
            segments[segments.count - 1] = Segment(sanitized: merged, style: last.style)
        } else {
            segments.append(segment)
        }
    }

    /// Appends all runs of `other`.
    public mutating func append(_ other: StyledText) {
        for segment in other.segments { append(segment) }
    }

    /// `lhs` followed by `rhs`.
    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// Appends `rhs` to `lhs`.
    public static func += (lhs: inout StyledText, rhs: StyledText) {
        lhs.append(rhs)
    }

    /// The parts with `separator` between each neighbouring pair.
    public static func joined(_ parts: [StyledText], separator: StyledText = StyledText()) -> StyledText {
        var result = StyledText()
        for (index, part) in parts.enumerated() {
            if index > 0 { result.append(separator) }
            result.append(part)
        }
        return result
    }

    /// A copy with every run restyled by `transform` (e.g. `{ $0.reversed }` to highlight a cell).
    public func restyled(_ transform: (TextStyle) -> TextStyle) -> StyledText {
        StyledText(segments: segments.map { Segment(sanitized: $0.text, style: transform($0.style)) })
    }
}

extension StyledText: ExpressibleByStringLiteral {
    /// A plain text from a literal, so `let title: StyledText = "Top coins"` works.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

extension StyledText: CustomStringConvertible {
    /// The plain text, so string interpolation never leaks escapes.
    public var description: String { plainText }
}
