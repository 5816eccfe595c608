import Foundation
import Testing

@testable import LacriptaCore

/// A note reads back from the alerts file as it was written: found by fuzzing, where a note cut
/// at 200 characters ended on a space the file's reader then trimmed off.
@Suite("Alert notes")
struct AlertNoteTests {
    @Test("a note cut at 200 characters that ends on a space is written without it and reads back the same")
    func cutNoteReadsBack() throws {
        let note = String(repeating: "a", count: 199) + " tail"
        let alert = Alert(id: 1, symbol: "BTC", currency: "USD", condition: .above(try #require(DecimalText("100000"))), note: note)
        #expect(alert.note == String(repeating: "a", count: 199))
        let list = try AlertList(fileText: "version 1\n" + alert.line + "\n", path: "alerts")
        let reread = try AlertList(fileText: list.fileText, path: "alerts")
        #expect(reread == list)
        #expect(reread.entries.first?.note == alert.note)
    }

    @Test("a note ending in an ideographic space loses it, as the reader would")
    func wideSpace() {
        #expect(Alert.cleanNote("buy\u{3000}") == "buy")
    }
}
