/// An RFC 4180 CSV reader over bytes, as a state machine fed in pieces (pure, no I/O): quoted
/// fields with `""` for a quote, `,` or `;` between fields, records ended by LF, CRLF or CR, a
/// UTF-8 byte-order mark at the very start skipped. The records do not depend on how the bytes
/// were split; each carries the line it started on, for messages.
///
/// Lenient where exports are: a quote inside an unquoted field is kept as text, text after a
/// closing quote joins the field, and a record may have more or fewer fields than the header.
/// Only an unterminated quote at the end is an error.
public struct CSVReader: Sendable {
    /// One record and the line it started on (1-based).
    public struct Record: Sendable, Equatable {
        /// The line the record started on.
        public var line: Int
        /// The fields, as text (bytes that are not UTF-8 become U+FFFD).
        public var fields: [String]
    }

    /// The quote was still open when the input ended.
    public struct UnterminatedQuote: Error, Sendable, Equatable {
        /// The line the open field's record started on.
        public var line: Int
    }

    private enum State: Sendable {
        /// At the start of a field.
        case fieldStart
        /// In an unquoted field.
        case unquoted
        /// In a quoted field.
        case quoted
        /// After a quote inside a quoted field: a second quote, or the field's end.
        case quoteInQuoted
        /// After a CR: an LF belongs to it.
        case afterCR
    }

    private let delimiter: UInt8
    private var state = State.fieldStart
    private var field: [UInt8] = []
    private var fields: [String] = []
    private var line = 1
    private var recordLine = 1
    private var prefix: [UInt8] = []
    private var started = false

    /// A reader splitting fields at `delimiter` (`,` or `;`).
    public init(delimiter: UInt8 = UInt8(ascii: ",")) {
        self.delimiter = delimiter
    }

    /// Reads `bytes` and returns the records they complete.
    public mutating func read(_ bytes: some Sequence<UInt8>) -> [Record] {
        var records: [Record] = []
        for byte in bytes {
            guard started else {
                // The byte-order mark EF BB BF, only as the input's first three bytes.
                prefix.append(byte)
                if prefix.count <= 3, prefix.elementsEqual(Self.byteOrderMark.prefix(prefix.count)) {
                    if prefix.count == 3 {
                        started = true
                        prefix = []
                    }
                    continue
                }
                replayPrefix(into: &records)
                continue
            }
            step(byte, into: &records)
        }
        return records
    }

    /// Ends the input: the last record when it had no line end; an open quote is an error.
    public mutating func finish() throws(UnterminatedQuote) -> [Record] {
        var records: [Record] = []
        if !started { replayPrefix(into: &records) }
        switch state {
        case .quoted: throw UnterminatedQuote(line: recordLine)
        case .afterCR: state = .fieldStart
        case .fieldStart where fields.isEmpty && field.isEmpty: break
        default: endRecord(into: &records)
        }
        return records
    }

    /// The bytes held back while they might have been a byte-order mark, read as text.
    private mutating func replayPrefix(into records: inout [Record]) {
        started = true
        let bytes = prefix
        prefix = []
        for byte in bytes { step(byte, into: &records) }
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Reads a whole input at once.
    public static func records(_ bytes: some Sequence<UInt8>, delimiter: UInt8 = UInt8(ascii: ",")) throws(UnterminatedQuote) -> [Record] {
        var reader = CSVReader(delimiter: delimiter)
        let records = reader.read(bytes)
        return records + (try reader.finish())
    }

    private mutating func step(_ byte: UInt8, into records: inout [Record]) {
        let quote = UInt8(ascii: "\"")
        let lf = UInt8(ascii: "\n")
        let cr = UInt8(ascii: "\r")
        switch state {
        case .afterCR:
            state = .fieldStart
            if byte == lf { return }
            step(byte, into: &records)
        case .fieldStart, .unquoted:
            if byte == quote && state == .fieldStart {
                state = .quoted
            } else if byte == delimiter {
                endField()
            } else if byte == lf || byte == cr {
                endRecord(into: &records)
                line += 1
                recordLine = line
                state = byte == cr ? .afterCR : .fieldStart
            } else {
                field.append(byte)
                state = .unquoted
            }
        case .quoted:
            if byte == quote {
                state = .quoteInQuoted
            } else {
                if byte == lf { line += 1 }
                field.append(byte)
            }
        case .quoteInQuoted:
            if byte == quote {
                field.append(quote)
                state = .quoted
            } else {
                state = .unquoted
                step(byte, into: &records)
            }
        }
    }

    private mutating func endField() {
        fields.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
        state = .fieldStart
    }

    private mutating func endRecord(into records: inout [Record]) {
        endField()
        // A blank line is no record.
        if !(fields.count == 1 && fields[0].isEmpty) {
            records.append(Record(line: recordLine, fields: fields))
        }
        fields.removeAll(keepingCapacity: true)
    }
}
