import Testing

@testable import LacriptaTerminal

/// The escapes that ask a terminal for a desktop notification, byte for byte.
@Suite("Desktop notification escapes")
struct DesktopNotificationTests {
    private let notification = DesktopNotification(title: "lacripta: BTC/USD $100,012.34", body: "crossed above 100000 (alert 1)")

    @Test("OSC 777 carries title and body, OSC 9 the two as one text, each ended by BEL")
    func sequences() {
        #expect(notification.osc777 == "\u{1B}]777;notify;lacripta: BTC/USD $100,012.34;crossed above 100000 (alert 1)\u{07}")
        #expect(notification.osc9 == "\u{1B}]9;lacripta: BTC/USD $100,012.34: crossed above 100000 (alert 1)\u{07}")
        #expect(notification.sequences(insideTmux: false) == notification.osc777 + notification.osc9 + "\u{07}")
    }

    @Test("inside tmux each sequence is wrapped in a passthrough DCS with its ESCs doubled; the bell is not")
    func tmux() {
        let wrapped = notification.sequences(insideTmux: true)
        let expected =
            "\u{1B}Ptmux;\u{1B}\u{1B}]777;notify;lacripta: BTC/USD $100,012.34;crossed above 100000 (alert 1)\u{07}\u{1B}\\"
            + "\u{1B}Ptmux;\u{1B}\u{1B}]9;lacripta: BTC/USD $100,012.34: crossed above 100000 (alert 1)\u{07}\u{1B}\\" + "\u{07}"
        #expect(wrapped == expected)
    }

    @Test("untrusted text cannot end the sequence, start another, or add a field")
    func sanitised() {
        let hostile = DesktopNotification(title: "BTC;evil\u{07}\u{1B}]0;title\u{07}", body: "line\none\u{1B}\\ \u{9C}x")
        #expect(hostile.title == "BTC,evil")
        #expect(hostile.body == "line one x")
        #expect(hostile.osc777 == "\u{1B}]777;notify;BTC,evil;line one x\u{07}")
    }
}
