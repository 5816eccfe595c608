import LacriptaTerminal
import Testing

@Suite struct KeyParserTests {
    /// Every key sequence the view relies on, as the terminals we support send it.
    static let sequences: [(bytes: [UInt8], key: Key, name: String)] = [
        (Array("\u{1B}[A".utf8), .up, "CSI up"),
        (Array("\u{1B}[B".utf8), .down, "CSI down"),
        (Array("\u{1B}[C".utf8), .right, "CSI right"),
        (Array("\u{1B}[D".utf8), .left, "CSI left"),
        (Array("\u{1B}OA".utf8), .up, "SS3 up (application cursor mode)"),
        (Array("\u{1B}OB".utf8), .down, "SS3 down"),
        (Array("\u{1B}[H".utf8), .home, "xterm Home"),
        (Array("\u{1B}[F".utf8), .end, "xterm End"),
        (Array("\u{1B}OH".utf8), .home, "SS3 Home"),
        (Array("\u{1B}OF".utf8), .end, "SS3 End"),
        (Array("\u{1B}[1~".utf8), .home, "VT220 Home (tmux, screen)"),
        (Array("\u{1B}[4~".utf8), .end, "VT220 End (tmux, screen)"),
        (Array("\u{1B}[7~".utf8), .home, "rxvt Home"),
        (Array("\u{1B}[8~".utf8), .end, "rxvt End"),
        (Array("\u{1B}[5~".utf8), .pageUp, "Page Up"),
        (Array("\u{1B}[6~".utf8), .pageDown, "Page Down"),
        (Array("\u{1B}[2~".utf8), .insert, "Insert"),
        (Array("\u{1B}[3~".utf8), .delete, "Delete"),
        (Array("\u{1B}[1;5A".utf8), .up, "Ctrl-Up keeps its direction"),
        (Array("\u{1B}[5;2~".utf8), .pageUp, "Shift-PgUp"),
        (Array("\u{1B}[15~".utf8), .function(5), "F5"),
        (Array("\u{1B}OP".utf8), .function(1), "F1"),
        (Array("\u{1B}[Z".utf8), .backTab, "Shift-Tab"),
        (Array("\u{1B}OM".utf8), .enter, "keypad Enter"),
        ([0x0D], .enter, "Enter as CR"),
        ([0x0A], .enter, "Enter as LF"),
        ([0x7F], .backspace, "Backspace as DEL"),
        ([0x08], .backspace, "Backspace as BS"),
        ([0x09], .tab, "Tab"),
        ([0x03], .control("c"), "Ctrl-C"),
        ([0x1A], .control("z"), "Ctrl-Z"),
        ([0x0C], .control("l"), "Ctrl-L"),
        (Array("q".utf8), .character("q"), "a letter"),
        (Array("/".utf8), .character("/"), "slash"),
        (Array("é".utf8), .character("é"), "two-byte UTF-8"),
        (Array("€".utf8), .character("€"), "three-byte UTF-8"),
        (Array("🚀".utf8), .character("🚀"), "four-byte UTF-8"),
    ]

    @Test(arguments: sequences.indices)
    func decodesEachSequenceWhole(_ index: Int) {
        let sequence = Self.sequences[index]
        var parser = KeyParser()
        #expect(parser.feed(sequence.bytes) == [sequence.key], "\(sequence.name)")
        #expect(parser.pending.isEmpty)
    }

    @Test(arguments: sequences.indices)
    func decodesEachSequenceSplitAtEveryOffset(_ index: Int) {
        let sequence = Self.sequences[index]
        for cut in 1..<max(1, sequence.bytes.count) {
            var parser = KeyParser()
            var keys = parser.feed(sequence.bytes[..<cut])
            // Nothing may come out early: a partial sequence is never a key of its own.
            #expect(keys.isEmpty, "\(sequence.name) cut at \(cut)")
            keys += parser.feed(sequence.bytes[cut...])
            #expect(keys == [sequence.key], "\(sequence.name) cut at \(cut)")
        }
    }

    @Test(arguments: sequences.indices)
    func decodesEachSequenceFedOneByteAtATime(_ index: Int) {
        let sequence = Self.sequences[index]
        var parser = KeyParser()
        // A sequence glued between letters, one byte per read, as a slow link delivers it.
        let bytes = Array("a".utf8) + sequence.bytes + Array("b".utf8)
        let keys = bytes.flatMap { parser.feed([$0]) }
        #expect(keys == [.character("a"), sequence.key, .character("b")], "\(sequence.name)")
    }

    @Test func severalKeysInOneReadComeOutInOrder() {
        var parser = KeyParser()
        let keys = parser.feed(Array("j\u{1B}[Bk\u{1B}[6~\r".utf8))
        #expect(keys == [.character("j"), .down, .character("k"), .pageDown, .enter])
    }

    @Test func aLoneEscapeWaitsForTheCallersTimeout() {
        var parser = KeyParser()
        #expect(parser.feed([0x1B]).isEmpty)
        #expect(parser.hasPendingEscape)
        #expect(parser.flushPendingEscape() == [.escape])
        #expect(!parser.hasPendingEscape)
        #expect(parser.flushPendingEscape().isEmpty)
    }

    @Test func anEscapeCutShortByTheTimeoutKeepsTheBytesAfterIt() {
        // Esc then "[" typed by hand: after the timeout they are two keys, not a broken sequence.
        var parser = KeyParser()
        #expect(parser.feed(Array("\u{1B}[".utf8)).isEmpty)
        #expect(parser.flushPendingEscape() == [.escape, .character("[")])
        #expect(parser.pending.isEmpty)
    }

    @Test func escapeFollowedByALetterIsEscapeThenTheLetter() {
        var parser = KeyParser()
        #expect(parser.feed(Array("\u{1B}q".utf8)) == [.escape, .character("q")])
    }

    @Test func twoEscapesAreTwoEscapes() {
        var parser = KeyParser()
        #expect(parser.feed([0x1B, 0x1B]) == [.escape])
        #expect(parser.flushPendingEscape() == [.escape])
    }

    @Test func escapeThenArrowInOneRead() {
        var parser = KeyParser()
        #expect(parser.feed(Array("\u{1B}\u{1B}[A".utf8)) == [.escape, .up])
    }

    @Test func unknownSequencesAreSwallowedWhole() {
        var parser = KeyParser()
        // Focus-in, a mouse-ish report and an unknown tilde code must not leak "[I" or "99~".
        let keys = parser.feed(Array("\u{1B}[I\u{1B}[99~\u{1B}[<0;1;2Mx".utf8))
        #expect(keys == [.unknown, .unknown, .unknown, .character("x")])
    }

    @Test func anOverlongSequenceIsDroppedInsteadOfWaitingForever() {
        var parser = KeyParser()
        let keys = parser.feed([0x1B, UInt8(ascii: "[")] + Array(repeating: UInt8(ascii: "1"), count: 40) + Array("x".utf8))
        #expect(keys.first == .unknown)
        #expect(keys.last == .character("x"))
        #expect(!parser.hasPendingEscape)
    }

    @Test func invalidUTF8IsSkippedAndTextAroundItSurvives() {
        var parser = KeyParser()
        // A stray continuation byte, an overlong "/", a C1 control as UTF-8, and an invalid lead.
        let keys = parser.feed([0x61, 0x80, 0xC0, 0xAF, 0xC2, 0x9B, 0xFF, 0x62])
        #expect(keys.contains(.character("a")) && keys.last == .character("b"))
        #expect(!keys.contains(.character("/")))
        #expect(keys.allSatisfy { if case .character(let c) = $0 { return c == "a" || c == "b" } else { return false } })
    }

    @Test func aCutShortCharacterWaitsAndCompletesLater() {
        var parser = KeyParser()
        let euro = Array("€".utf8)
        #expect(parser.feed(euro.prefix(2)).isEmpty)
        #expect(!parser.hasPendingEscape)
        #expect(parser.feed(euro.suffix(1)) == [.character("€")])
    }

    @Test func controlBytesWithoutMeaningAreIgnored() {
        var parser = KeyParser()
        #expect(parser.feed([0x00, 0x1C, 0x1F, UInt8(ascii: "k")]) == [.character("k")])
    }
}
