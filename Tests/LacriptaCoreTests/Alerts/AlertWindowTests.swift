import LacriptaCore
import Testing

/// Move alerts' windows as typed and as stored in a hand-edited alerts file.
@Suite("alert windows")
struct AlertWindowTests {
    @Test("whole seconds, minutes or hours up to a week")
    func accepted() {
        #expect(AlertWindow.duration("1h") == .seconds(3600))
        #expect(AlertWindow.duration("15min") == .seconds(900))
        #expect(AlertWindow.duration("90s") == .seconds(90))
        #expect(AlertWindow.duration("168h") == .seconds(7 * 24 * 3600))
    }

    @Test(
        "none, negative, past a week, or too large to multiply: no window, never a trap (fuzz: arguments/crash-window-overflow)",
        arguments: ["0h", "169h", "-1h", "-1111111111111111111h", "3000000000000000h", "9223372036854775807s", "153722867280912931min", "h", "1d"])
    func refused(_ text: String) {
        #expect(AlertWindow.duration(text) == nil)
    }

    @Test("an alerts file with such a window is left unread with a message naming the line")
    func storedWindow() {
        let text = "version 1\n1 BTC USD move 5 3000000000000000h armed\n"
        do {
            _ = try AlertList(fileText: text, path: "alerts")
            Issue.record("the file was read")
        } catch {
            let message = error.userMessage
            #expect(message.contains("alerts, line 2") && message.contains("window"), "\(message)")
        }
    }
}
