import LacriptaTerminal
import Testing

/// Hostile grapheme clusters: each is one `Character` to Swift, and far more to a terminal.
private enum Hostile {
    static let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
    /// Twenty families glued into one cluster with joiners (159 scalars).
    static let familyChain = Array(repeating: family, count: 20).joined(separator: "\u{200D}")
    /// An "e" under 500 combining acute accents.
    static let zalgo = "e" + String(repeating: "\u{0301}", count: 500)
    /// Fifty Hangul leading consonants, which all join one syllable block.
    static let jamoRun = String(repeating: "\u{1100}", count: 50)
    /// A Devanagari conjunct thirty consonants long.
    static let conjunct = String(repeating: "क्", count: 30) + "क"

    static let all = [familyChain, zalgo, jamoRun, conjunct]
}

/// Clusters real text uses, which must come through untouched.
private let legitimate = [
    "👨\u{200D}👩\u{200D}👧\u{200D}👦", "👩🏻\u{200D}❤\u{FE0F}\u{200D}💋\u{200D}👩🏼",
    "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "1\u{FE0F}\u{20E3}", "ệ", "e\u{0323}\u{0302}",
    "\u{1100}\u{1161}\u{11A8}", "क्ष", "🇯🇵", "Tiếng Việt", String(repeating: Hostile.family, count: 20),
]

/// The largest number of scalars in one grapheme cluster of `text`.
private func largestCluster(_ text: String) -> Int {
    text.map(\.unicodeScalars.count).max() ?? 0
}

@Suite struct GraphemeClusterTests {
    @Test(arguments: Hostile.all)
    func theSanitizerCutsEveryClusterToTheLimit(_ text: String) {
        let clean = Sanitizer.sanitize("a" + text + "z 🚀 b")
        #expect(largestCluster(clean) <= Sanitizer.maximumClusterScalars)
        #expect(clean.hasPrefix("a") && clean.hasSuffix(" 🚀 b"), "only the overlong cluster is cut")
        #expect(clean.unicodeScalars.starts(with: ("a" + text).unicodeScalars.prefix(Sanitizer.maximumClusterScalars + 1)))
    }

    @Test func aCutChainDoesNotSwallowTheNextCluster() {
        // Cut after a joiner, the chain would glue the rocket on; the rocket's cluster is kept
        // apart or dropped, never grown past the limit.
        let clean = Sanitizer.sanitize(Hostile.familyChain + "🚀x")
        #expect(largestCluster(clean) <= Sanitizer.maximumClusterScalars)
        #expect(clean.hasSuffix("x"))
    }

    @Test(arguments: legitimate)
    func realTextIsLeftAlone(_ text: String) {
        #expect(Sanitizer.sanitize(text).unicodeScalars.elementsEqual(text.unicodeScalars))
    }

    @Test func runsMergedIntoOneStayWithinTheLimit() {
        var text = StyledText("e" + String(repeating: "\u{0301}", count: 9))
        text.append(String(repeating: "\u{0301}", count: 9))
        text.append(String(repeating: "\u{0301}", count: 9))
        #expect(largestCluster(text.plainText) <= Sanitizer.maximumClusterScalars)
    }

    @Test func widthsCountEachClusterOnce() {
        #expect(DisplayWidth.width(of: Hostile.family) == 2)
        #expect(DisplayWidth.width(of: String(repeating: Hostile.family, count: 20)) == 40)
        #expect(DisplayWidth.width(of: "e" + String(repeating: "\u{0301}", count: 8)) == 1)
        #expect(DisplayWidth.width(of: "日" + String(repeating: "\u{0301}", count: 8)) == 2)
    }

    /// Every column of every row must start in the same cell, whatever the names hold.
    @Test(arguments: [120, 60, 40])
    func tableRowsStayAligned(width: Int) {
        let names = ["Bitcoin", String(repeating: Hostile.family, count: 20), "日本語コイン"] + Hostile.all + legitimate
        let table = Table(
            columns: [
                .init("Name", priority: 90, minWidth: 6, isFlexible: true), .init("Symbol", priority: 95),
                .init("Price", alignment: .right, priority: 100),
            ],
            rows: names.enumerated().map { index, name in [StyledText(name), StyledText("S\(index)"), StyledText("$\(index).00")] })
        let lines = table.render(width: width).map(\.plainText)
        let symbolColumn = lines.map { line in line.firstRange(of: " S").map { DisplayWidth.width(of: line[..<$0.upperBound]) } }
        for (index, line) in lines.enumerated() {
            #expect(largestCluster(line) <= Sanitizer.maximumClusterScalars, "row \(index)")
            #expect(line.displayWidth <= width, "row \(index)")
            guard index > 0 else { continue }
            #expect(symbolColumn[index] == symbolColumn[1], "row \(index): Symbol starts in another column")
            #expect(line.displayWidth == lines[1].displayWidth, "row \(index): Price ends in another column")
        }
    }

    /// Cutting to a width keeps whole clusters: what is kept is a prefix of the text's Characters.
    @Test(arguments: Hostile.all + legitimate)
    func truncationNeverSplitsACluster(_ raw: String) {
        let text = Sanitizer.sanitize("ab" + raw + "cd" + raw)
        for width in 0...12 {
            let prefix = DisplayWidth.prefix(of: text, fittingWidth: width).text
            #expect(isWholeClusterPrefix(prefix, of: text), "prefix at \(width)")
            let cut = DisplayWidth.truncate(text, toWidth: width)
            #expect(isWholeClusterPrefix(cut.hasSuffix("…") ? String(cut.dropLast()) : cut, of: text), "truncate at \(width)")
            let styled = (StyledText("ab", style: .bold) + StyledText(String(text.dropFirst(2)))).truncated(toWidth: width).plainText
            #expect(isWholeClusterPrefix(styled.hasSuffix("…") ? String(styled.dropLast()) : styled, of: text), "styled at \(width)")
        }
    }

    private func isWholeClusterPrefix(_ prefix: String, of text: String) -> Bool {
        String(text.prefix(prefix.count)).unicodeScalars.elementsEqual(prefix.unicodeScalars)
    }
}
