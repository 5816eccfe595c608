import Foundation
import LacriptaCore
import LacriptaTerminal
import Testing

@testable import LacriptaCLI

@Suite("Interactive frames: layout on fixed sizes, colours, sanitising, frame writes")
struct InteractiveRendererTests {
    typealias F = InteractiveFixtures

    @Test("a frame has one line per row, none wider than the window, at every size")
    func fitsTheWindow() {
        for size in [TerminalSize(columns: 40, rows: 10), TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 200, rows: 70)] {
            var model = F.model(size: size)
            for keys in [[Key](), [.enter], [.enter, .enter], [.escape, .escape, .character("l")], [.escape, .character("?")]] {
                for key in keys { _ = model.handle(.key(key), at: F.now) }
                _ = model.handle(.newsLoaded(symbol: "C01", .success(NewsFetch(articles: F.articles(30), fetchedAt: F.now))), at: F.now)
                let frame = InteractiveRenderer(colorEnabled: true).frame(model)
                #expect(frame.count == size.rows, "\(size) after \(keys)")
                #expect(frame.allSatisfy { $0.displayWidth <= size.columns }, "\(size) after \(keys)")
            }
        }
    }

    @Test("the toplist at 80×24: title, header with the sort arrow, rows, status, footer")
    func toplistFrame() {
        let model = F.model(coins: F.bitcoinAndEther)
        let frame = model.plainFrame
        #expect(frame[0].hasPrefix(" lacripta · top 50 · USD · change 24h · by rank↑"))
        #expect(frame[0].hasSuffix("1–2 of 2"))
        #expect(frame[1].hasPrefix("#↑  Symbol"))
        #expect(frame[2].hasPrefix(" 1  BTC     Bitcoin   $62,549.65  ▲ +$1,057.23"))
        #expect(frame[2].contains("▲ +1.72%"))
        #expect(frame[3].contains("ETH") && frame[3].contains("$2,935.30"))
        #expect(frame[4].isEmpty && frame[21].isEmpty)
        #expect(frame[22] == " updated 12:00:00 UTC (just now) · live: off")
        #expect(frame[23].hasPrefix(" ↑↓ move  Enter news") && frame[23].hasSuffix("? help  q quit"))
    }

    @Test("the selected row is in reverse video across the whole width")
    func selection() throws {
        var model = F.model(coins: F.bitcoinAndEther)
        model.press(.down)
        let frame = InteractiveRenderer(colorEnabled: true).frame(model)
        #expect(frame[2].segments.allSatisfy { !$0.style.reverse })
        #expect(frame[3].segments.allSatisfy { $0.style.reverse })
        #expect(frame[3].displayWidth == 80)
    }

    @Test("NO_COLOR: no colour codes, yet reverse video for the selection and ▲ ▼ for changes")
    func monochrome() {
        var model = F.model(coins: F.bitcoinAndEther, live: true)
        var script = LiveFeedScript()
        _ = model.handle(.live([script.update("ETH", [.price: 2950]), script.update("ETH", flags: .priceDown, [.price: 2900])]), at: F.now)
        let frame = InteractiveRenderer(colorEnabled: false).frame(model)
        #expect(frame.allSatisfy { $0.segments.allSatisfy { $0.style.foreground == nil } })
        #expect(frame[2].segments.allSatisfy { $0.style.reverse })
        #expect(frame[2].plainText.contains("▲"))
        let flashed = frame[3].segments.first { $0.text.contains("$2,900.00") }
        #expect(flashed?.style.reverse == true, "a flash still shows without colour")
        let bytes = ANSIRenderer.colored.render(frame[2])
        #expect(bytes.contains("\u{1B}[7m") && !bytes.contains("\u{1B}[32m"))
    }

    @Test("below 40×10 the view says the terminal is too small instead of drawing garbage")
    func tooSmall() {
        var model = F.model(size: TerminalSize(columns: 30, rows: 8))
        let frame = model.plainFrame
        #expect(frame.count == 8)
        #expect(frame.contains { $0.contains("Terminal too small") })
        #expect(frame.contains { $0.contains("30×8, needs 40×10") })
        #expect(model.press(.enter).isEmpty, "keys do nothing blind")
        #expect(model.press(.character("q")) == [.quit])
        _ = model.handle(.resize(TerminalSize(columns: 40, rows: 10)), at: F.now)
        #expect(model.plainFrame[0].contains("lacripta · top 50"))
    }

    @Test("narrow windows drop the least important columns, never the symbol or price")
    func narrow() {
        let model = F.model(coins: F.bitcoinAndEther, size: TerminalSize(columns: 40, rows: 10))
        let frame = model.plainFrame
        #expect(frame[2].contains("BTC") && frame[2].contains("$62,549.65"))
        #expect(!frame[1].contains("Market cap"))
    }

    @Test("server text with escapes or controls never reaches the frame")
    func hostileText() {
        let evil = Coin(
            rank: 1, symbol: "EV\u{1B}[2JIL", name: "Evil\u{1B}]0;pwned\u{07}\u{202E}Coin",
            quote: Quote(currency: "USD", price: 1))
        var model = F.model(coins: [evil])
        model.press(.enter)
        let article = NewsArticle(
            id: "1", title: "Title\u{1B}[31m red\u{9B}2J", url: "https://x.example/\u{1B}[8m", body: "Body\u{1B}[?1049l\nline\u{07}",
            publishedOn: F.now, source: "Src\u{0}", categories: [], tags: [])
        _ = model.handle(.newsLoaded(symbol: "EV[2JIL", .success(NewsFetch(articles: [article], fetchedAt: F.now))), at: F.now)
        model.press(.escape)
        var frames = [InteractiveRenderer(colorEnabled: true).frame(model)]
        model.press(.enter)
        _ = model.handle(.newsLoaded(symbol: model.selectedCoin?.symbol ?? "", .success(NewsFetch(articles: [article], fetchedAt: F.now))), at: F.now)
        frames.append(InteractiveRenderer(colorEnabled: true).frame(model))
        model.press(.enter)
        frames.append(InteractiveRenderer(colorEnabled: true).frame(model))
        for frame in frames {
            let bytes = ANSIRenderer.plain.render(lines: frame)
            #expect(!bytes.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
        }
        #expect(frames[0][2].plainText.contains("EVIL") && frames[0][2].plainText.contains("EvilCoin"))
        #expect(frames[2].contains { $0.plainText.contains("Title red") })
    }

    @Test("the help box sits over the screen, which stays visible around it")
    func helpOverlay() {
        var model = F.model()
        model.press(.character("?"))
        let frame = model.plainFrame
        let top = frame.firstIndex { $0.contains("┌─ Keys: toplist") } ?? -1
        #expect(top > 0)
        #expect(frame[top].hasPrefix(String(format: "%2d  C%02d", top - 1, top - 1)), "the rows show left of the box")
        #expect(frame.contains { $0.contains("│ /") && $0.contains("filter by name or symbol") })
        #expect(frame[0].contains("lacripta · top 50") && frame[23].contains("q quit"))
    }
}
