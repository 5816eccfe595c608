import Foundation
import Testing

@testable import LacriptaCore

/// The journal: one transaction a line, read and written without losing a digit, a comment or a
/// hand-made line, and never written over when a line cannot be read.
@Suite("Journal")
struct JournalTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-journal-\(UUID().uuidString)").path
    private var store: UserStore { UserStore(directory: folder + "/lacripta") }

    private func parse(_ text: String) throws -> Journal { try Journal(fileText: text, path: "journal") }

    @Test("every field of a line is read as written")
    func fullLine() throws {
        let line = "2024-01-15T12:00:00Z buy 0.5 btc @ 30000.10 usd fee 0.0001 BTC at:coinbase id:a1b2c3 src:coinbase:677d8000 ; first  buy; cheap"
        let transaction = try #require(try parse(line).transactions.first)
        #expect(transaction.date.text == "2024-01-15T12:00:00Z")
        #expect(transaction.date.date == Date(timeIntervalSince1970: 1_705_320_000))
        #expect(transaction.kind == .buy && transaction.amount.text == "0.5" && transaction.symbol == "BTC")
        let price = try #require(DecimalText("30000.10"))
        #expect(transaction.price == LedgerTransaction.Money(price, "USD"))
        #expect(transaction.fee?.amount.text == "0.0001" && transaction.fee?.currency == "BTC")
        #expect(transaction.venue == "coinbase" && transaction.id == "a1b2c3" && transaction.source == "coinbase:677d8000")
        #expect(transaction.note == "first  buy; cheap")
        #expect(JournalLine.write(transaction) == line.replacingOccurrences(of: "btc @", with: "BTC @").replacingOccurrences(of: "usd", with: "USD"))
    }

    @Test(
        "odd but valid lines: tabs, a bare day, zones, tags in any order, no tags",
        arguments: [
            ("2024-03-01\tin\t2\tETH", "2024-03-01 in 2 ETH"),
            ("2024-03-01T10:00+02:00 out 0.1 BTC fee 0.0001 BTC", "2024-03-01T10:00+02:00 out 0.1 BTC fee 0.0001 BTC"),
            ("2024-03-01 sell 1 SOL @ 150 EUR id:x src:k:1 at:kraken", "2024-03-01 sell 1 SOL @ 150 EUR at:kraken id:x src:k:1"),
            ("2024-03-01 set 0 BTC ;", "2024-03-01 set 0 BTC"),
            ("2024-03-01 in 000.10 USDC.E @ 1 USD;gift", "2024-03-01 in 000.10 USDC.E @ 1 USD ; gift"),
        ])
    func oddLines(input: String, canonical: String) throws {
        let journal = try parse(input)
        let transaction = try #require(journal.transactions.first)
        #expect(JournalLine.write(transaction) == canonical)
        #expect(try parse(canonical).transactions == [transaction])
    }

    @Test(
        "a line that cannot be read is named by its number with the reason",
        arguments: [
            ("2024-01-15 buy 0.5 BTC", "needs its price"),
            ("2024-13-15 buy 0.5 BTC @ 1 USD", "the date must be"),
            ("yesterday buy 0.5 BTC @ 1 USD", "the date must be"),
            ("2024-01-15 swap 0.5 BTC @ 1 USD", "the kind must be"),
            ("2024-01-15 buy -0.5 BTC @ 1 USD", "the amount must be plain digits"),
            ("2024-01-15 buy 1e3 BTC @ 1 USD", "the amount must be plain digits"),
            ("2024-01-15 buy 1,5 BTC @ 1 USD", "the amount must be plain digits"),
            ("2024-01-15 buy 1 BTC @ 1", "needs an amount and a currency"),
            ("2024-01-15 buy 1 BTC @ 1 USD fee", "needs an amount and a currency"),
            ("2024-01-15 buy 1 BTC @ 1 USD at:x at:y", "given twice"),
            ("2024-01-15 buy 1 BTC @ 1 USD by:me", "unknown tag"),
            ("2024-01-15 buy 1 BTC @ 1 USD extra", "unexpected `extra`"),
            ("2024-01-15 buy 1 BTC @ 1 USD id:ABC", "an id is"),
            ("2024-01-15 buy 1", "expected `DATE KIND AMOUNT SYMBOL"),
        ])
    func badLine(line: String, reason: String) throws {
        let text = "# mine\nversion 1\n2024-01-01 in 1 BTC\n" + line + "\n"
        #expect {
            try parse(text)
        } throws: { error in
            let message = (error as? LacriptaError)?.userMessage ?? ""
            return message.contains("journal, line 4") && message.contains(reason)
        }
    }

    @Test("comments, blank lines, CRLF and hand-made spacing are kept; added lines go at the end")
    func handEdited() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        let edited = "# my trades\r\nversion 1\r\n\r\n2024-01-15   buy 0.5 BTC @ 30000 USD\r\n  # then\r\n2024-02-01 in 1 ETH\r\n"
        try Data(edited.utf8).write(to: URL(fileURLWithPath: store.directory + "/journal"))
        #expect(try store.journal().transactions.count == 2)
        let sell = LedgerTransaction(
            date: try #require(LedgerDate("2024-03-01")), kind: .sell, amount: try #require(DecimalText("0.1")), symbol: "BTC",
            price: .init(try #require(DecimalText("60000")), "USD"), id: "abc123")
        try store.updateJournal { $0.add(sell) }
        let text = try String(contentsOfFile: store.directory + "/journal", encoding: .utf8)
        #expect(
            text
                == "# my trades\nversion 1\n\n2024-01-15 buy 0.5 BTC @ 30000 USD\n  # then\n2024-02-01 in 1 ETH\n2024-03-01 sell 0.1 BTC @ 60000 USD id:abc123\n"
        )
        // A file the user made keeps the mode they gave it (the store keeps a file's mode on
        // rewrite); a journal lacripta creates is 0600 (`newJournalIsPrivate`).
        let mode = try FileManager.default.attributesOfItem(atPath: store.directory + "/journal")[.posixPermissions]
        #expect(mode as? Int == 0o644)
    }

    @Test("a journal lacripta creates is private (0600)")
    func newJournalIsPrivate() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let buy = LedgerTransaction(
            date: try #require(LedgerDate("2024-03-01")), kind: .buy, amount: try #require(DecimalText("0.1")), symbol: "BTC",
            price: .init(try #require(DecimalText("60000")), "USD"), id: "abc124")
        try store.updateJournal { $0.add(buy) }
        let mode = try FileManager.default.attributesOfItem(atPath: store.directory + "/journal")[.posixPermissions]
        #expect(mode as? Int == 0o600)
    }

    @Test("a corrupt line is named and the journal is left byte for byte as it was")
    func corruptLineUntouched() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        let broken = "version 1\n2024-01-15 buy 0.5 BTC @ 30000 USD\n2024-01-16 buy O.5 BTC @ 1 USD\n"
        let path = store.directory + "/journal"
        try Data(broken.utf8).write(to: URL(fileURLWithPath: path))
        let one = try #require(DecimalText("1"))
        #expect {
            try store.updateJournal { $0.add(LedgerTransaction(date: LedgerDate(Date()), kind: .in, amount: one, symbol: "ETH")) }
        } throws: { error in
            (error as? LacriptaError)?.userMessage.contains("journal, line 3") == true
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == broken)
    }

    @Test("short ids: written ones are kept, a hand-made line gets a stable one, rm removes by either")
    func shortIDs() throws {
        var journal = try parse("version 1\n2024-01-15 in 1 BTC\n2024-01-16 in 2 BTC id:mine\n")
        let derived = journal.transactions[0].shortID
        let again = try parse("2024-01-15 in 1 BTC").transactions[0].shortID
        #expect(derived.count == 6 && derived == again)
        #expect(journal.shortIDs == [derived, "mine"])
        #expect(journal.remove(id: "mine").count == 1)
        #expect(journal.remove(id: derived).count == 1)
        #expect(journal.transactions.isEmpty)
        var random = SystemRandomNumberGenerator()
        let fresh = LedgerTransaction.newID(avoiding: [derived], using: &random)
        #expect(JournalLine.isShortID(fresh) && fresh != derived)
    }

    @Test("twenty writers at once, each adding a transaction, lose none of them")
    func concurrentWriters() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = self.store
        let one = try #require(DecimalText("1"))
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            let transaction = LedgerTransaction(date: LedgerDate(Date()), kind: .in, amount: one, symbol: "BTC", id: "t\(index)")
            try? store.updateJournal { $0.add(transaction) }
        }
        #expect(Set(try store.journal().transactions.compactMap(\.id)) == Set((0..<20).map { "t\($0)" }))
    }
}
