import LacriptaTerminal
import Testing

@Suite struct TableTests {
    /// A top-coins table like `lacripta top` prints, with a CJK name as the widest cell.
    private func topCoins() -> Table {
        let change = ChangeFormatter()
        return Table(
            columns: [
                .init("#", alignment: .right, priority: 100),
                .init("Name", priority: 90, minWidth: 8, isFlexible: true),
                .init("Symbol", priority: 95),
                .init("Price", alignment: .right, priority: 100),
                .init("24h", alignment: .right, priority: 80),
                .init("Market cap", alignment: .right, priority: 50),
                .init("Volume", alignment: .right, priority: 40),
            ],
            rows: [
                ["1", "Bitcoin", StyledText("BTC", style: .accent), "$60,000.00", change.percent(1.5), "$1.18T", "$25.1B"],
                ["2", "Ethereum", StyledText("ETH", style: .accent), "$3,000.00", change.percent(-0.14), "$360.5B", "$12.0B"],
                ["3", "ビットコインキャッシュ", StyledText("BCH", style: .accent), "$250.00", change.percent(0), "$4.90B", "$210.0M"],
            ]
        )
    }

    private func plainLines(_ table: Table, width: Int) -> [String] {
        table.render(width: width).map(ANSIRenderer.plain.render)
    }

    @Test func wideTerminalShowsEveryColumnAtNaturalWidth() {
        let table = topCoins()
        #expect(table.layout(width: 120) == Table.Layout(columnIndices: Array(0..<7), widths: [1, 22, 6, 10, 8, 10, 7]))
        #expect(
            plainLines(table, width: 120) == [
                "#  Name                    Symbol       Price       24h  Market cap   Volume",
                "1  Bitcoin                 BTC     $60,000.00  ▲ +1.50%      $1.18T   $25.1B",
                "2  Ethereum                ETH      $3,000.00  ▼ -0.14%     $360.5B   $12.0B",
                "3  ビットコインキャッシュ  BCH        $250.00   = 0.00%      $4.90B  $210.0M",
            ])
    }

    @Test func flexibleColumnTruncatesBeforeAnyColumnIsDropped() {
        let table = topCoins()
        #expect(table.layout(width: 70) == Table.Layout(columnIndices: Array(0..<7), widths: [1, 16, 6, 10, 8, 10, 7]))
        let lines = plainLines(table, width: 70)
        // 15 cells of name: the next wide character would need 17, so one pad cell remains.
        #expect(lines[3] == "3  ビットコインキ…   BCH        $250.00   = 0.00%      $4.90B  $210.0M")
        #expect(lines.allSatisfy { $0.displayWidth <= 70 })
    }

    @Test func narrowTerminalDropsLowestPriorityColumnsFirst() {
        let table = topCoins()
        #expect(table.layout(width: 50).columnIndices == [0, 1, 2, 3, 4])
        #expect(
            plainLines(table, width: 50) == [
                "#  Name               Symbol       Price       24h",
                "1  Bitcoin            BTC     $60,000.00  ▲ +1.50%",
                "2  Ethereum           ETH      $3,000.00  ▼ -0.14%",
                "3  ビットコインキャ…  BCH        $250.00   = 0.00%",
            ])
        #expect(table.layout(width: 30).columnIndices == [0, 2, 3])
        #expect(plainLines(table, width: 30)[1] == "1  BTC     $60,000.00")
    }

    @Test(arguments: 1...100)
    func noLineIsEverWiderThanTheTerminal(width: Int) {
        for line in topCoins().render(width: width) {
            #expect(line.displayWidth <= width)
        }
    }

    @Test func singleRemainingColumnIsCutToTheWidth() {
        let table = Table(columns: [.init("Headline")], rows: [["Bitcoin breaks all-time high"]])
        #expect(plainLines(table, width: 10) == ["Headline", "Bitcoin b…"])
        #expect(table.layout(width: 10).widths == [10])
    }

    @Test func cellsKeepTheirStylesAndHeaderIsBold() {
        let lines = topCoins().render(width: 120).map(ANSIRenderer.colored.render)
        #expect(lines[0].hasPrefix("\u{1B}[1m#\u{1B}[0m  \u{1B}[1mName"))
        #expect(lines[1].contains("\u{1B}[36mBTC\u{1B}[0m     $60,000.00  \u{1B}[32m▲ +1.50%\u{1B}[0m"))
    }

    @Test func maxWidthTruncatesAndMinWidthPads() {
        let table = Table(
            columns: [.init("Src", maxWidth: 6), .init("N", alignment: .right, minWidth: 4)],
            rows: [["CoinDesk", "7"]]
        )
        #expect(plainLines(table, width: 80) == ["Src        N", "CoinD…     7"])
    }

    @Test func twoFlexibleColumnsShareTheSpareCells() {
        let table = Table(
            columns: [.init("A", minWidth: 2, isFlexible: true), .init("B", minWidth: 2, isFlexible: true)],
            rows: [["aaaaaaaaaa", "bbbbbbbbbb"]]
        )
        #expect(table.layout(width: 12).widths == [5, 5])
        #expect(table.layout(width: 13).widths == [6, 5])
        #expect(table.layout(width: 100).widths == [10, 10])
    }

    @Test func equalPrioritiesDropTheRightmostFirst() {
        let table = Table(columns: [.init("one"), .init("two"), .init("three")], rows: [])
        #expect(table.layout(width: 8).columnIndices == [0, 1])
        #expect(table.layout(width: 3).columnIndices == [0])
    }

    @Test func shortRowsMultilineAndHostileCellsStayOnOneSafeLine() {
        var table = Table(columns: [.init("Title"), .init("Source")], showsHeader: false)
        table.addRow(["Line one\nline two\u{1B}]0;x\u{07}"])
        table.addRow(["a", "b", "extra cell ignored"])
        #expect(plainLines(table, width: 40) == ["Line one line two", "a                  b"])
    }
}
