import LacriptaTerminal
import Testing

@Suite struct BracketedPasteTests {
    private static let start = "\u{1B}[200~"
    private static let end = "\u{1B}[201~"

    /// A paste holding every kind of byte that must not act or be inserted: Ctrl-C, Tab, CR LF,
    /// an SGR sequence and an OSC title change.
    private static let hostile = Array((start + "ab\u{03}c\td\r\ne\u{1B}[31mf\u{1B}]0;title\u{07}g" + end).utf8)

    @Test func aPasteIsOneKeyOfCleanText() {
        var parser = KeyParser()
        #expect(parser.feed(Array((Self.start + "hello world" + Self.end).utf8)) == [.paste("hello world")])
        #expect(parser.pending.isEmpty && !parser.hasPendingEscape)
        #expect(parser.feed(Self.hostile) == [.paste("abc d efg")], "no control key, no escape, line breaks as spaces")
    }

    @Test func aPasteSplitAtEveryOffsetDecodesTheSame() {
        let bytes = Array("x".utf8) + Self.hostile + Array("y".utf8)
        for cut in 1..<bytes.count {
            var parser = KeyParser()
            let keys = parser.feed(bytes[..<cut]) + parser.feed(bytes[cut...])
            #expect(keys == [.character("x"), .paste("abc d efg"), .character("y")], "cut at \(cut)")
        }
    }

    @Test func anOpenPasteNeverWaitsAsAnEscape() {
        var parser = KeyParser()
        // The trailing Esc may start the end marker: it is held, but it is no pending Esc key.
        #expect(parser.feed(Array((Self.start + "abc\u{1B}").utf8)) == [])
        #expect(!parser.hasPendingEscape)
        #expect(parser.flushPendingEscape() == [])
        #expect(parser.feed(Array("[201~q".utf8)) == [.paste("abc"), .character("q")])
    }

    @Test func megabytesOfPasteKeepOnlyTheLimitAndLittlePendingInput() {
        var parser = KeyParser()
        let bytes = Array((Self.start + String(repeating: "é", count: 500_000) + Self.end + "q").utf8)
        var keys: [Key] = []
        var offset = 0
        while offset < bytes.count {
            let chunk = bytes[offset..<min(bytes.count, offset + 4096)]
            keys += parser.feed(chunk)
            if parser.pending.count >= Self.end.utf8.count {
                Issue.record("\(parser.pending.count) bytes pending after \(offset + chunk.count)")
                return
            }
            offset += chunk.count
        }
        // Compared by parts: a failure must not render half a million keys.
        #expect(keys.count == 2)
        #expect(keys.first == .paste(String(repeating: "é", count: KeyParser.maximumPasteLength)))
        #expect(keys.last == .character("q"))
    }

    @Test func theByteLimitNeverCutsACharacterInHalf() {
        // Flags are 8 bytes but one character, so the byte limit is reached first; the odd "x"
        // puts the cut in the middle of a scalar.
        var parser = KeyParser()
        let keys = parser.feed(Array((Self.start + "x" + String(repeating: "🇯🇵", count: 3000) + Self.end).utf8))
        guard case .paste(let text)? = keys.first, keys.count == 1 else {
            Issue.record("expected one paste, got \(keys)")
            return
        }
        #expect(!text.unicodeScalars.contains("\u{FFFD}"))
        // 16 KiB hold "x", 2047 flags and one 4-byte regional indicator; the next one is cut off.
        #expect(text == "x" + String(repeating: "🇯🇵", count: 2047) + "🇯")
    }

    @Test func anEmptyOrAllControlPasteIsNoKey() {
        var parser = KeyParser()
        #expect(parser.feed(Array((Self.start + Self.end + Self.start + "\u{03}\u{1B}[2J" + Self.end + "q").utf8)) == [.character("q")])
    }
}
