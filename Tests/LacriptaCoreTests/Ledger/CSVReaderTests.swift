import Foundation
import Testing

@testable import LacriptaCore

/// The CSV reader: RFC 4180 quoting, line ends, the byte-order mark, and the same records however
/// the bytes are split.
@Suite("CSV reader")
struct CSVReaderTests {
    static let sample = Array(
        "\u{FEFF}\"txid\",\"note\"\r\nA1,\"say \"\"hi\"\", then\r\nleave\"\n\nB2,plain;text\rC3,\"\",x\"y\nlast,no-end".utf8)

    static let expected: [CSVReader.Record] = [
        .init(line: 1, fields: ["txid", "note"]), .init(line: 2, fields: ["A1", "say \"hi\", then\r\nleave"]),
        .init(line: 5, fields: ["B2", "plain;text"]), .init(line: 6, fields: ["C3", "", "x\"y"]), .init(line: 7, fields: ["last", "no-end"]),
    ]

    @Test("quotes, doubled quotes, line ends inside quotes, CR/LF/CRLF, blank lines, a BOM, no final line end")
    func whole() throws {
        #expect(try CSVReader.records(Self.sample) == Self.expected)
    }

    @Test("split at every offset, the records are the same")
    func everySplit() throws {
        for offset in 0...Self.sample.count {
            var reader = CSVReader()
            var records = reader.read(Self.sample[..<offset])
            records += reader.read(Self.sample[offset...])
            records += try reader.finish()
            #expect(records == Self.expected, "split at \(offset)")
        }
    }

    @Test("byte by byte, the records are the same")
    func byteByByte() throws {
        var reader = CSVReader()
        var records: [CSVReader.Record] = []
        for byte in Self.sample { records += reader.read([byte]) }
        records += try reader.finish()
        #expect(records == Self.expected)
    }

    @Test("a semicolon file; a lone BOM-like prefix is text; an open quote is named by its line")
    func edges() throws {
        #expect(try CSVReader.records(Array("a;b\n1,5;2\n".utf8), delimiter: UInt8(ascii: ";")).map(\.fields) == [["a", "b"], ["1,5", "2"]])
        #expect(try CSVReader.records([0xEF, 0xBB, 0x41, 0x0A]).map(\.fields) == [["\u{FFFD}A"]])
        #expect(try CSVReader.records([0xEF]).map(\.fields) == [["\u{FFFD}"]])
        #expect(throws: CSVReader.UnterminatedQuote(line: 2)) { try CSVReader.records(Array("a,b\n\"open,\nmore".utf8)) }
    }
}
