import Foundation
import Testing

@testable import LacriptaCore

/// The user's store: hand-editable files that survive edits by hand, concurrent writers and
/// broken lines without losing anything.
@Suite("User store")
struct UserStoreTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-store-\(UUID().uuidString)").path
    private var store: UserStore { UserStore(directory: folder + "/lacripta") }

    private func contents(_ name: String) throws -> String {
        try String(contentsOfFile: store.directory + "/" + name, encoding: .utf8)
    }

    @Test("favourites: added once each, in order, written with a header and a version line")
    func favoritesRoundTrip() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try store.favorites().symbols == [])
        #expect(try store.updateFavorites { $0.add("btc") } == true)
        #expect(try store.updateFavorites { $0.add("ETH") } == true)
        #expect(try store.updateFavorites { $0.add("BTC") } == false)
        #expect(try store.favorites().symbols == ["BTC", "ETH"])
        let text = try contents("favorites")
        #expect(text.hasPrefix("# lacripta favourites"))
        #expect(text.hasSuffix("version 1\nBTC\nETH\n"))
        #expect(try store.updateFavorites { $0.remove("btc") } == true)
        #expect(try store.favorites().symbols == ["ETH"])
    }

    @Test("a hand-edited file keeps its comments, blank lines and order through a change")
    func handEdited() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        let edited = "# my coins\r\n\r\nsol\r\n  # the big one\r\nBTC\r\n"
        try Data(edited.utf8).write(to: URL(fileURLWithPath: store.directory + "/favorites"))
        #expect(try store.favorites().symbols == ["SOL", "BTC"])
        try store.updateFavorites { $0.add("ada") }
        #expect(try contents("favorites") == "# my coins\n\nSOL\n  # the big one\nBTC\nADA\n")
    }

    @Test("hand-edited holdings (comments, blank lines, tabs, CRLF) keep everything but the changed line")
    func handEditedHoldings() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        let edited = "# bought in 2021\r\nversion 1\r\n\r\nbtc\t0.10   25000.5\tusd\r\n# ETH below\r\nETH 3\r\n"
        try Data(edited.utf8).write(to: URL(fileURLWithPath: store.directory + "/holdings"))
        let holdings = try store.holdings().holdings
        #expect(holdings.map(\.amount.text) == ["0.10", "3"])
        #expect(holdings[0].cost?.price.text == "25000.5" && holdings[0].cost?.currency == "USD")
        try store.updateHoldings { $0.set(Holding(symbol: "ETH", amount: try #require(DecimalText("2.5")))) }
        #expect(try contents("holdings") == "# bought in 2021\nversion 1\n\nBTC 0.10 25000.5 USD\n# ETH below\nETH 2.5\n")
        try store.updateHoldings { $0.remove("btc") }
        #expect(try contents("holdings") == "# bought in 2021\nversion 1\n\n# ETH below\nETH 2.5\n")
    }

    @Test(
        "a line that does not parse is named, and the file is left byte for byte as it was",
        arguments: [
            ("favorites", "BTC\nETH SOL\n", 2), ("favorites", "version 1\nversion 9\n", 2), ("holdings", "BTC 0.5\nETH 1e3\n", 2),
            ("holdings", "BTC 0.5 100\n", 1), ("holdings", "BTC 0,5\n", 1), ("holdings", "ETH 2 1800 €\n", 1),
        ])
    func corruptLeftUntouched(file: String, text: String, line: Int) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        let path = store.directory + "/" + file
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        do {
            if file == "favorites" {
                try store.updateFavorites { $0.add("XRP") }
            } else {
                try store.updateHoldings { $0.set(Holding(symbol: "XRP", amount: try #require(DecimalText("1")))) }
            }
            Issue.record("a corrupt \(file) was accepted")
        } catch let error as LacriptaError {
            #expect(error.exitCode == .dataError)
            #expect(error.userMessage.hasPrefix("\(path), line \(line): "))
            #expect(error.userMessage.hasSuffix("lacripta left the file as it is: fix or remove that line."))
        }
        #expect(try contents(file) == text)
    }

    @Test("twenty writers at once, each adding its own coin, lose none of them")
    func concurrentWriters() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = self.store
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            do {
                try store.updateFavorites { $0.add("COIN\(index)") }
            } catch {
                failures.increment()
            }
        }
        #expect(failures.value == 0)
        #expect(Set(try store.favorites().symbols) == Set((0..<20).map { "COIN\($0)" }))
    }

    @Test("holdings keep the digits as typed, are private (0600) in a private folder (0700)")
    func holdings() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tenth = try #require(DecimalText("0.1"))
        let fifth = try #require(DecimalText("0.2"))
        try store.updateHoldings { $0.set(Holding(symbol: "btc", amount: tenth, cost: (try #require(DecimalText("30000.50")), "USD"))) }
        try store.updateHoldings { $0.set(Holding(symbol: "ETH", amount: fifth)) }
        #expect(try contents("holdings").hasSuffix("version 1\nBTC 0.1 30000.50 USD\nETH 0.2\n"))
        let holdings = try store.holdings().holdings
        #expect(holdings.map(\.amount.text) == ["0.1", "0.2"])
        #expect(holdings[0].amount.value + holdings[1].amount.value == Decimal(string: "0.3"))
        let attributes = try FileManager.default.attributesOfItem(atPath: store.directory + "/holdings")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: store.directory)
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test("setting a coin again replaces its line where it stands; a later hand-written line wins")
    func holdingReplaced() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        try Data("BTC 1\nETH 2\nBTC 3\n".utf8).write(to: URL(fileURLWithPath: store.directory + "/holdings"))
        #expect(try store.holdings().holdings.map(\.amount.text) == ["3", "2"])
        try store.updateHoldings { $0.set(Holding(symbol: "BTC", amount: try #require(DecimalText("4")))) }
        #expect(try contents("holdings") == "BTC 4\nETH 2\n")
    }

    @Test("decimal text takes plain digits only", arguments: ["1", "0.5", "000.10", "123456789012345678901234567890"])
    func decimals(text: String) {
        #expect(DecimalText(text)?.text == text)
    }

    @Test("and refuses the rest", arguments: ["", ".5", "5.", "1e3", "-1", "+1", "1,000", "0x10", "1.2.3", "١٢", "nan"])
    func notDecimals(text: String) {
        #expect(DecimalText(text) == nil)
    }

    @Test(
        "a read-only store folder is a clear error naming the folder, and nothing in it changes",
        .enabled(if: geteuid() != 0, "root writes to read-only folders"))
    func readOnlyFolder() throws {
        defer {
            chmod(store.directory, 0o700)
            try? FileManager.default.removeItem(atPath: folder)
        }
        try store.updateFavorites { $0.add("BTC") }
        let before = try contents("favorites")
        chmod(store.directory, 0o500)
        do {
            try store.updateFavorites { $0.add("ETH") }
            Issue.record("a read-only folder was written to")
        } catch let error as LacriptaError {
            #expect(error.userMessage.hasPrefix("cannot change lacripta's data in \(store.directory): the folder is read-only"))
        }
        #expect(try contents("favorites") == before)
        #expect(try store.favorites().symbols == ["BTC"])
    }

    @Test(
        "a folder even root may not write in (/proc/sys on Linux) gives the same clear error",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/sys") && access("/proc/sys", W_OK) != 0, "no such folder here"))
    func unwritableSystemFolder() throws {
        do {
            try UserStore(directory: "/proc/sys").updateHoldings { $0.remove("BTC") }
            Issue.record("a read-only folder was accepted")
        } catch let error as LacriptaError {
            #expect(
                error.userMessage
                    == "cannot change lacripta's data in /proc/sys: the folder is read-only; make it writable, or set XDG_DATA_HOME to another folder"
            )
        }
    }

    @Test("a store folder that is a file is a clear error")
    func folderIsAFile() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: store.directory))
        #expect(throws: LacriptaError.io("cannot use \(store.directory) for lacripta's data: it is a file, not a folder")) {
            try store.updateFavorites { $0.add("BTC") }
        }
    }
}

/// A thread-safe counter for the concurrent-writer test.
private final class Counter: @unchecked Sendable {
    // Guarded by `lock`: incremented from concurrentPerform's threads.
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
