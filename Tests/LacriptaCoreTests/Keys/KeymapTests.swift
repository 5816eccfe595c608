import Foundation
import Testing

@testable import LacriptaCore

/// The view's keymap as the config file builds it: key names, the `key.*` settings' values, the
/// replace rule, and every clash or mistake named at start with its line.
@Suite("Keymap and key bindings")
struct KeymapTests {
    private let path = "/home/u/.config/lacripta/config"

    /// The problems' messages, as a failure to compare.
    private struct Messages: Error, Equatable {
        var lines: [String]
    }

    /// The keymap, or the problems' messages, for a config file of `text`.
    private func load(_ text: String) throws -> Result<Keymap, Messages> {
        let file = try ConfigFile(text: text, path: path)
        return Configuration.keymap(from: file).mapError { Messages(lines: $0.problems.map(\.userMessage)) }
    }

    @Test(
        "key names: characters case-sensitive, named keys in any case and in tmux's spellings, Ctrl and F keys",
        arguments: [
            ("j", KeyName.character("j")), ("J", .character("J")), ("?", .character("?")), ("/", .character("/")),
            ("Down", .down), ("down", .down), ("UP", .up), ("Enter", .enter), ("Return", .enter), ("Esc", .escape),
            ("Escape", .escape), ("Space", .character(" ")), ("Comma", .character(",")), ("PgDn", .pageDown), ("PageUp", .pageUp),
            ("NPage", .pageDown), ("BSpace", .backspace), ("Tab", .tab), ("Shift-Tab", .backTab), ("Home", .home), ("Del", .delete),
            ("Ctrl-L", .control("l")), ("ctrl+z", .control("z")), ("C-x", .control("x")), ("^A", .control("a")), ("F5", .function(5)),
            ("f12", .function(12)), ("é", .character("é")), (" k ", .character("k")),
        ])
    func names(text: String, key: KeyName) {
        #expect(KeyName(parsing: text) == key)
    }

    @Test("text that names no key", arguments: ["", "Dwn", "jk", "Ctrl-", "Ctrl-1", "Ctrl-ab", "F0", "F13", "F05", "\u{1B}", "\t"])
    func notNames(text: String) {
        #expect(KeyName(parsing: text) == nil)
    }

    @Test("every key's config name reads back as the same key")
    func configNamesReadBack() {
        for (action, keys) in Keymap.standard.allBindings {
            for key in keys { #expect(KeyName(parsing: key.configName) == key, "\(action) \(key)") }
        }
        #expect(KeyName.down.symbol == "↓" && KeyName.pageDown.symbol == "PgDn" && KeyName.control("z").symbol == "Ctrl-Z")
    }

    @Test("the defaults are today's keys, and they never clash")
    func defaults() {
        let keymap = Keymap.standard
        #expect(Keymap.build([:]).clashes.isEmpty)
        #expect(keymap.action(for: .character("j"), on: .toplist) == .moveDown)
        #expect(keymap.action(for: .down, on: .news) == .moveDown)
        #expect(keymap.action(for: .enter, on: .toplist) == .openNews)
        #expect(keymap.action(for: .enter, on: .news) == .openArticle)
        #expect(keymap.action(for: .character("l"), on: .toplist) == .openLive)
        #expect(keymap.action(for: .character("l"), on: .news) == .openArticle)
        #expect(keymap.action(for: .character(" "), on: .article) == .pageDown)
        #expect(keymap.action(for: .character(" "), on: .toplist) == nil)
        #expect(keymap.action(for: .character("1"), on: .coin) == .range30d)
        #expect(keymap.action(for: .character("1"), on: .article) == .rate1)
        #expect(keymap.action(for: .character("q"), on: .compare) == .quit)
        #expect(keymap.action(for: .character("h"), on: .toplist) == nil, "h is back only above the toplist")
        #expect(keymap.everyScreenAction(for: .control("z")) == .suspend)
        #expect(keymap.everyScreenAction(for: .character("j")) == nil)
        #expect(keymap.action(for: .control("c"), on: .toplist) == nil, "Ctrl-C is in no keymap: it always quits")
    }

    @Test("a binding replaces the action's default keys on every screen it lives on")
    func replaces() throws {
        let keymap = try #require(try? load("key.move-down = J\nkey.open-news = n\n").get())
        for screen in [Keymap.Screen.toplist, .news, .holdings, .alerts, .article] {
            #expect(keymap.action(for: .character("J"), on: screen) == .moveDown)
            #expect(keymap.action(for: .character("j"), on: screen) == nil, "\(screen)")
            #expect(keymap.action(for: .down, on: screen) == nil, "\(screen)")
        }
        #expect(keymap.action(for: .character("n"), on: .toplist) == .openNews)
        #expect(keymap.action(for: .enter, on: .toplist) == nil)
        #expect(keymap.action(for: .enter, on: .live) == nil && keymap.action(for: .character("n"), on: .live) == .openNews)
        #expect(keymap.keys(for: .moveDown, on: .toplist) == [.character("J")])
        #expect(keymap.bound == [.moveDown: [.character("J")], .openNews: [.character("n")]])
        #expect(try load("key.move-down = j\n").get() != Keymap.standard, "j alone: ↓ no longer moves")
        #expect(try load("key.move-down = Down, j\n").get() == Keymap.build([.moveDown: [.down, .character("j")]]).keymap)
    }

    @Test(
        "each mistake is one message naming the setting and its line; all are found at once",
        arguments: [
            ("key.strar = s\n", ["`key.strar` (line 1 of PATH): there is no such action in the view; `lacripta config` lists every key.<action>"]),
            (
                "key.move-down = Dwn\n",
                ["`key.move-down` (line 1 of PATH) names `Dwn`, which is not a key: use " + KeyName.namesInWords]
            ),
            ("key.star =\n", ["`key.star` (line 1 of PATH) names no key: give one or more, separated by commas, such as j, Down"]),
            ("key.star = f,,g\n", ["`key.star` (line 1 of PATH) has an empty key name between commas (the comma key is Comma)"]),
            ("key.quit = Ctrl-C\n", ["`key.quit` (line 1 of PATH) names Ctrl-C, which always quits and cannot be bound"]),
            (
                "key.star = s\n",
                ["`key.star` (line 1 of PATH): s would be both sort and star on the toplist; give one of them another key"]
            ),
            (
                "key.help = h\n",
                [
                    "`key.help` (line 1 of PATH): h would be both back and help on the news list, an article, the live detail, a coin's detail, "
                        + "the holdings, the alerts screen, the compare screen; give one of them another key"
                ]
            ),
            (
                "key.sort = x\nkey.compare = s\nkey.star = x\n",
                [
                    "`key.sort` (line 1 of PATH) and `key.star` (line 3 of PATH): x would be both sort and star on the toplist; give one of them another key"
                ]
            ),
            (
                "key.bogus = b\nkey.back = q\nkey.open-news = ???\n",
                [
                    "`key.bogus` (line 1 of PATH): there is no such action in the view; `lacripta config` lists every key.<action>",
                    "`key.open-news` (line 3 of PATH) names `???`, which is not a key: use " + KeyName.namesInWords,
                    "`key.back` (line 2 of PATH): q would be both back and quit on the news list, an article, the live detail, a coin's detail, "
                        + "the holdings, the alerts screen, the compare screen; give one of them another key",
                ]
            ),
        ])
    func mistakes(text: String, expected: [String]) throws {
        let messages = try load(text)
        #expect(messages == .failure(Messages(lines: expected.map { $0.replacingOccurrences(of: "PATH", with: path) })))
    }

    @Test("a binding that swaps two actions' keys is no clash; a key repeated in one binding counts once")
    func swapsAndRepeats() throws {
        let keymap = try load("key.sort = S\nkey.reverse-sort = s\nkey.star = f, f, *\n").get()
        #expect(keymap.action(for: .character("S"), on: .toplist) == .sort)
        #expect(keymap.action(for: .character("s"), on: .toplist) == .reverseSort)
        #expect(keymap.keys(for: .star, on: .coin) == [.character("f"), .character("*")])
    }

    @Test("Configuration.load stops with every key problem (exit 64); good bindings reach the configuration")
    func configurationLoad() throws {
        let environment = ["HOME": "/home/u"]
        let good = try Configuration.load(environment: environment, readFile: { _ in "key.move-down = J\n" })
        #expect(good.keymap.action(for: .character("J"), on: .toplist) == .moveDown)
        #expect(try Configuration.load(environment: environment, readFile: { _ in nil }).keymap == .standard)
        #expect {
            try Configuration.load(environment: environment, readFile: { _ in "key.x = 1\nkey.y = 2\n" })
        } throws: { error in
            (error as? KeyBindingProblems)?.problems.count == 2
                && (error as? KeyBindingProblems)?.problems.allSatisfy { $0.exitCode == .usage } == true
        }
    }
}
