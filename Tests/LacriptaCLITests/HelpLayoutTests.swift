import Foundation
import Testing

@testable import LacriptaCLI

/// Help as a newcomer reads it on a terminal of any width: every line fits, descriptions start in
/// one column, and a long name does not push its description off the screen.
@Suite("Help layout")
struct HelpLayoutTests {
    private var pages: [(name: String, render: (Int) -> String)] {
        let configurations = CLI.commands.map { $0.configuration }
        return [("lacripta --help", { HelpRenderer.programHelp(commands: configurations, columns: $0) })]
            + configurations.map { configuration in
                ("lacripta \(configuration.name) --help", { HelpRenderer.commandHelp(configuration, columns: $0) })
            }
    }

    @Test("every help page fits its width: 80 (the default), 60 and 132 columns", arguments: [80, 60, 132])
    func everyPageFits(columns: Int) {
        let width = HelpLayout(columns: columns).width
        for page in pages {
            var inExamples = false
            for line in page.render(columns).split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasSuffix(":") && !line.hasPrefix(" ") { inExamples = line == "EXAMPLES:" }
                // An example's command stays on one line, to be copied as it is.
                if inExamples && line.hasPrefix("  lacripta ") { continue }
                #expect(line.count <= width, "\(page.name) at \(columns): \(line)")
                #expect(!line.hasSuffix(" "), "\(page.name): trailing space in \(line)")
            }
        }
    }

    @Test("descriptions start in one column; a name past it gets a line of its own, the description under it")
    func definitionColumns() {
        let lines = HelpLayout(columns: 60).definitions([
            ("-n, --limit N", "how many coins to show, 1 to 100 (default 50, or 10 on a narrow terminal)"),
            ("LACRIPTA_COINBASE_URL, LACRIPTA_KRAKEN_URL", "exchange feed URLs"),
            ("--json", ""),
        ])
        #expect(
            lines == [
                "  -n, --limit N           how many coins to show, 1 to 100",
                "                          (default 50, or 10 on a narrow",
                "                          terminal)",
                "  LACRIPTA_COINBASE_URL, LACRIPTA_KRAKEN_URL",
                "                          exchange feed URLs",
                "  --json",
            ])
    }

    @Test("short names keep their descriptions close; a hard-wrapped paragraph is wrapped again for the width")
    func shortNamesAndParagraphs() {
        let layout = HelpLayout(columns: 40)
        #expect(layout.definitions([("add", "add coins"), ("rm", "remove them")]) == ["  add  add coins", "  rm   remove them"])
        #expect(
            layout.paragraphs("one two three four five six seven\neight nine ten eleven twelve thirteen")
                == ["one two three four five six seven eight", "nine ten eleven twelve thirteen"])
        #expect(HelpLayout(columns: 10).width == 40 && HelpLayout(columns: 500).width == 120)
    }
}
