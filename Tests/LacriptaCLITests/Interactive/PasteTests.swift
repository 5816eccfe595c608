import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

@Suite("Interactive paste: one edit, capped, clean")
struct PasteTests {
    typealias F = InteractiveFixtures

    @Test("a text field inserts a paste whole, without its controls, up to its limit")
    func editorInsertsPastes() {
        var editor = LineEditor("a", maximumLength: 8)
        #expect(editor.handle(.paste("b\u{1B}[31mc\u{07}d\ne")) == .edited)
        #expect(editor.text == "abcd e")
        #expect(editor.handle(.paste("fghijk")) == .edited)
        #expect(editor.text == "abcd efg")
        #expect(editor.handle(.character("x")) == .unchanged, "a full field takes nothing more")
        #expect(editor.handle(.paste("\u{03}")) == .unchanged)
        #expect(LineEditor(String(repeating: "y", count: 20), maximumLength: 3).text == "yyy")
        var empty = LineEditor()
        #expect(empty.handle(.backspace) == .unchanged)
    }

    @Test("a paste into the filter is one edit, and filters once")
    func pasteIsOneEdit() {
        var model = F.model()
        model.press(.character("/"))
        _ = model.handle(.key(.paste("Coin 3")), at: F.now)
        #expect(model.filterEdits == 1)
        #expect(
            model.filter == "Coin 3" && model.rows.map(\.symbol) == ["C03", "C30", "C31", "C32", "C33", "C34", "C35", "C36", "C37", "C38", "C39"])
    }

    @Test("characters read at once go into the filter as one edit; other keys in the read still act")
    func oneReadIsOneEdit() {
        var model = F.model()
        let read: [Key] = "/Coin 1".map { Key.character($0) } + [.enter, .character("j")]
        _ = model.handle(.keys(read), at: F.now)
        #expect(model.filterEdits == 1, "the / opened the field; the six characters after it were one edit")
        #expect(model.filter == "Coin 1" && !model.isEditingText)
        #expect(model.selectedCoin?.symbol == "C10", "j after Enter moved down the filtered list")
    }

    @Test("10,000 pasted characters: one edit, the filter capped at 200, controls left out")
    func longPasteIsCapped() {
        var model = F.model()
        model.press(.character("/"))
        _ = model.handle(.keys(Array(repeating: Key.character("x"), count: 10_000)), at: F.now)
        #expect(model.filterEdits == 1)
        #expect(model.filter == String(repeating: "x", count: InteractiveModel.maximumFilterLength))
        _ = model.handle(.key(.paste(String(repeating: "x", count: 10_000))), at: F.now)
        model.press(.character("y"))
        #expect(model.filterEdits == 1, "a full filter does not filter again")

        var fresh = F.model()
        fresh.press(.character("/"))
        _ = fresh.handle(.key(.paste(String(repeating: "C\u{07}0\u{1B}[2J", count: 5_000))), at: F.now)
        #expect(fresh.filter == String(repeating: "C0", count: 100))
        #expect(fresh.isEditingText, "neither the BEL nor the escape did anything but vanish")
    }

    @Test("a paste where no text field is open does nothing, even a pasted q")
    func pasteOutsideAFieldIsIgnored() {
        var model = F.model()
        #expect(model.handle(.key(.paste("q")), at: F.now) == [])
        #expect(model.handle(.key(.paste("jjj/s")), at: F.now) == [])
        #expect(model.selectedCoin?.symbol == "C01" && model.order == .rank && !model.isEditingText)
    }

    @Test("keys read at once outside a text field act one by one")
    func typedAheadKeysStillAct() {
        var model = F.model()
        _ = model.handle(.keys([.character("j"), .character("j"), .down]), at: F.now)
        #expect(model.selectedCoin?.symbol == "C04")
        #expect(model.handle(.keys([.character("j"), .character("q")]), at: F.now).contains(.quit))
    }

    @Test("in a window too small to draw, a q read with other keys still quits, filter open or not")
    func tooSmallStillQuits() {
        var model = F.model()
        model.press(.character("/"))
        _ = model.handle(.resize(TerminalSize(columns: 30, rows: 8)), at: F.now)
        #expect(model.handle(.keys([.character("q")]), at: F.now).contains(.quit))
        #expect(model.handle(.keys([.character("x"), .character("q")]), at: F.now).contains(.quit))
    }

    @Test("the share prompt takes a paste as one edit too")
    func sharePromptTakesPastes() {
        var model = F.model()
        model.press(.enter)
        _ = model.handle(.newsLoaded(symbol: "C01", .success(NewsFetch(articles: F.articles(1), fetchedAt: F.now))), at: F.now)
        model.press(.enter, .character("s"), .control("u"))
        _ = model.handle(.key(.paste("/tmp/a\nb.md")), at: F.now)
        #expect(model.press(.enter) == [.share(article: F.articles(1)[0], coin: "C01", path: "/tmp/a b.md")])
    }
}
