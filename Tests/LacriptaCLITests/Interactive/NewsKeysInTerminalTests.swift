import Foundation
import LacriptaSimulator
import Testing

/// The news screen's reading keys in a real 80×24 terminal (tmux), keyless against the
/// simulator's feeds, with the archive in a fresh data folder: unread marks and the new count,
/// `b` save, `m` read, `4` rate in the article, `u` through unread, saved and for you (with why),
/// and `/` searching the archive for last fetch's article the list does not hold.
@Suite("full-screen view: news marks, for you and archive search, in a terminal")
struct NewsKeysInTerminalTests {
    @Test(
        "b saves, m reads, 4 rates, u cycles to for you with reasons, / finds an archived article by a word; 80x24",
        .enabled(if: TmuxSession.executable != nil && BinaryRunner.isAvailable, "needs tmux and the built lacripta"),
        .timeLimit(.minutes(2)))
    func newsKeys() async throws {
        let simulator = try SimulatorHarness.start(exchanges: ExchangeFeeds.Options(seed: 4))
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-news-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let command = TmuxSession.keylessCommand(
            "", home: home, simulator: simulator, source: nil, extra: try TmuxSession.feedsAndExchanges(of: simulator))
        let tmux = try await TmuxSession(command: command, columns: 80, rows: 24)
        defer { tmux.kill() }

        try await tmux.waitFor("Bitcoin")
        // Bitcoin's news first: it goes into the archive, so it can be found from another list.
        try await tmux.send("Enter")
        try await tmux.waitFor("news · BTC (Bitcoin)")
        var screen = try await tmux.waitFor("from ")
        #expect(screen.contains("hashprice"), "the BTC list holds the articles searched for below")
        try await tmux.send("Escape", "Down", "Enter")
        try await tmux.waitFor("news · ETH (Ethereum)")
        screen = try await tmux.waitFor("from ")
        #expect(screen.range(of: #"· \d+ new"#, options: .regularExpression) != nil, "the title counts what is new")
        #expect(screen.contains("1. • "), "the first article is unread")
        #expect(!screen.contains("hashprice"), "no ETH article holds the word searched for below")

        try await tmux.send("b")
        screen = try await tmux.waitFor(" · saved · ")
        try await tmux.send("m")
        screen = try await tmux.waitFor("1.   ")
        #expect(!screen.contains("1. • "), "m marked it read")

        try await tmux.send("Enter")
        try await tmux.waitFor("article 1 of")
        try await tmux.send("4")
        try await tmux.waitFor("rated 4/5")
        try await tmux.send("Escape", "u")
        try await tmux.waitFor("unread only")
        try await tmux.send("u")
        screen = try await tmux.waitFor("saved only")
        #expect(screen.contains("1.   "), "the saved article is listed")
        try await tmux.send("u")
        try await tmux.waitFor("best first · for you")
        screen = try await tmux.waitFor("4.0 on average")
        #expect(screen.contains("you rate "), "each recommendation says why")

        try await tmux.send("u", "/")
        try await tmux.waitFor("Search:")
        try await tmux.type("hashprice")
        try await tmux.waitFor("Enter searches the archive")
        try await tmux.send("Enter")
        try await tmux.waitFor("search \"hashprice\"")
        screen = try await tmux.waitFor("Bitcoin miners sell")
        #expect(screen.contains("Riot Platforms"), "both archived matches are listed")

        try await tmux.send("Escape")
        try await tmux.waitFor("news · ETH (Ethereum)")
        try await tmux.send("Escape", "q")
        try await tmux.waitFor("exit=0")
        #expect(try await tmux.value("#{alternate_on}") == "0")
    }
}
