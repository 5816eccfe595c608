import LacriptaTerminal
import Testing

@Suite struct SanitizerTests {
    @Test(arguments: [
        ("\u{1B}]0;pwned\u{07}Headline", "Headline"),  // OSC window title, BEL-terminated
        ("\u{1B}]8;;http://evil\u{1B}\\click\u{1B}]8;;\u{1B}\\", "click"),  // OSC 8 hyperlink, ST-terminated
        ("before\u{1B}[2Jafter", "beforeafter"),  // clear screen
        ("\u{1B}[1;31mred\u{1B}[0m", "red"),  // SGR
        ("a\u{1B}[?1049hb", "ab"),  // alternate screen, private parameters
        ("x\u{9B}2Jy", "xy"),  // 8-bit CSI
        ("x\u{9D}0;title\u{9C}y", "xy"),  // 8-bit OSC with 8-bit ST
        ("\u{1B}P+q544e\u{1B}\\ok", "ok"),  // DCS request
        ("\u{1B}cReset", "Reset"),  // full reset, two-character sequence
        ("\u{1B}(Bcharset", "charset"),  // designate character set
        ("tail\u{1B}", "tail"),  // dangling ESC
        ("\u{1B}[", ""),  // truncated CSI
        ("\u{1B}]unterminated title", "unterminated title"),  // unterminated OSC keeps the text
        ("bell\u{07}\u{00}\u{08}\u{7F}x", "bellx"),  // BEL, NUL, backspace, DEL
        ("c1\u{80}\u{85}\u{9F}", "c1 "),  // C1 dropped, NEL is a line break
    ])
    func escapeSequencesAndControlsAreRemoved(input: String, expected: String) {
        #expect(Sanitizer.sanitize(input) == expected)
    }

    @Test func bidiOverridesThatReorderTextAreRemoved() {
        // "Trojan Source": RLO makes "txt.exe" look like "exe.txt".
        #expect(Sanitizer.sanitize("invoice\u{202E}txt.exe") == "invoicetxt.exe")
        let isolates = "\u{2066}a\u{2067}b\u{2068}c\u{2069}\u{202A}\u{202B}\u{202C}\u{202D}\u{200E}\u{200F}\u{061C}"
        #expect(Sanitizer.sanitize(isolates) == "abc")
    }

    @Test func invisibleSpoofingCharactersAreRemoved() {
        #expect(Sanitizer.sanitize("Bit\u{200B}coin\u{FEFF}\u{2060}\u{00AD}") == "Bitcoin")
        #expect(Sanitizer.sanitize("\u{3164}\u{FFA0}name") == "name")
        // Tag characters outside a flag are hidden text ("ASCII smuggling").
        #expect(Sanitizer.sanitize("safe\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}") == "safe")
    }

    @Test func emojiSequencesSurvive() {
        let family = "👨\u{200D}👩\u{200D}👧"
        let england = "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"
        let heart = "❤\u{FE0F}"
        let text = "\(family) \(england) \(heart) 🇯🇵 👍🏽"
        #expect(Sanitizer.sanitize(text) == text)
        #expect(Sanitizer.sanitize(england + "\u{E0067}") == england)
    }

    @Test func lineBreaksAreNormalised() {
        #expect(Sanitizer.sanitize("a\r\nb\rc\nd", keepNewlines: true) == "a\nb\nc\nd")
        #expect(Sanitizer.sanitize("a\r\nb\rc\nd") == "a b c d")
        #expect(Sanitizer.sanitize("a\u{2028}b\u{2029}c\u{85}d", keepNewlines: true) == "a\nb\nc\nd")
        #expect(Sanitizer.sanitize("col\tcol", keepNewlines: true) == "col col")
    }

    @Test func singleLineCollapsesAndTrims() {
        #expect(Sanitizer.singleLine("  Bitcoin\n\n hits \t new\u{1B}[5m  high \r\n") == "Bitcoin hits new high")
        #expect(Sanitizer.singleLine("\u{1B}[2J") == "")
    }

    @Test func cleanTextComesBackUnchanged() {
        let text = "Ethereum’s “Merge” — 日本語, émojis 🚀, NBSP\u{00A0}kept, ZWJ\u{200D}kept"
        #expect(Sanitizer.sanitize(text, keepNewlines: true) == text)
    }

    @Test func neverTrapsAndNeverLeavesControlsOnAnyInput() {
        // Every pair of C0/C1 scalars, ESC, bidi and tag characters, followed by ordinary text.
        var alphabet: [Unicode.Scalar] = (0...0x9F).compactMap(Unicode.Scalar.init)
        alphabet += ["\u{202E}", "\u{2066}", "\u{E0041}", "🏴", "\u{FEFF}", "日"]
        var failures: [[UInt32]] = []
        for first in alphabet {
            for second in alphabet {
                var text = String.UnicodeScalarView()
                text.append(contentsOf: [first, second, "x"])
                let clean = Sanitizer.sanitize(String(text), keepNewlines: true)
                let bidi = clean.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || $0 == "\u{2066}" }
                if !isTerminalSafe(clean) || bidi { failures.append([first.value, second.value]) }
            }
        }
        #expect(failures.isEmpty)
    }

    @Test func longHostileInputIsLinearAndSafe() {
        let chunk = "\u{1B}[31m\u{1B}]0;x\u{07}\u{202E}\u{9B}1m\r\n\u{1B}"
        let text = String(repeating: chunk, count: 5_000)
        let clean = Sanitizer.sanitize(text, keepNewlines: true)
        #expect(clean == String(repeating: "\n", count: 5_000))
    }
}
