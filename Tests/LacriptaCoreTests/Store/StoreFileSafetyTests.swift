import Foundation
import Testing

@testable import LacriptaCore

#if canImport(Glibc)
import Glibc
#endif

/// Store files that are not what lacripta wrote: FIFOs, devices, huge files, symbolic links and
/// write-protected files. Each is refused with a line naming it, or written through as the user
/// arranged, and never silently replaced.
// The limit only turns a regression (a FIFO read blocking forever) into a failure, not a hang.
@Suite("Store file safety", .timeLimit(.minutes(3)))
struct StoreFileSafetyTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-storefile-\(UUID().uuidString)").path
    private var store: UserStore { UserStore(directory: folder + "/lacripta") }

    private func prepare() throws {
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
    }

    /// Reads the named store file through the store, as `fav`, `holdings` and `alert` do.
    private func read(_ name: String) throws {
        switch name {
        case "favorites": _ = try store.favorites()
        case "holdings": _ = try store.holdings()
        default: _ = try store.alerts()
        }
    }

    private func fileType(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    @Test("a FIFO standing as a store file is refused at once, named, and left a FIFO", arguments: ["favorites", "holdings", "alerts"])
    func fifo(name: String) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try prepare()
        let path = store.directory + "/" + name
        #expect(mkfifo(path, 0o600) == 0)
        let expected = LacriptaError.unusable(
            "\(path) is a FIFO (named pipe), not a regular file; lacripta left it as it is: remove it, or put a regular file in its place")
        #expect(throws: expected) { try read(name) }
        if name == "favorites" {
            #expect(throws: expected) { try store.updateFavorites { $0.add("BTC") } }
        }
        #expect(expected.exitCode == .dataError)
        #expect(fileType(path) == S_IFIFO)
    }

    @Test("a link to /dev/zero or to a folder is refused unread")
    func devices() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try prepare()
        let path = store.directory + "/favorites"
        #expect(symlink("/dev/zero", path) == 0)
        #expect(
            throws: LacriptaError.unusable(
                "\(path) is a device, not a regular file; lacripta left it as it is: remove it, or put a regular file in its place")
        ) {
            try store.favorites()
        }
        #expect(throws: LacriptaError.self) { try store.updateFavorites { $0.add("BTC") } }
        #expect(fileType(path) == S_IFLNK)
        let holdings = store.directory + "/holdings"
        #expect(symlink(folder, holdings) == 0)
        #expect(
            throws: LacriptaError.unusable(
                "\(holdings) is a folder, not a regular file; lacripta left it as it is: remove it, or put a regular file in its place")
        ) {
            try store.holdings()
        }
    }

    @Test("a store file over the size limit is refused unread, naming it, and not rewritten", arguments: ["favorites", "holdings", "alerts"])
    func oversized(name: String) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try prepare()
        let path = store.directory + "/" + name
        #expect(FileManager.default.createFile(atPath: path, contents: Data("BTC\n".utf8)))
        // Sparse: the size is what counts, not what is on disk.
        #expect(truncate(path, off_t(StoreFileCheck.maximumSize + 1)) == 0)
        let expected = StoreFileCheck.tooLarge(path)
        #expect(expected.userMessage.hasPrefix("\(path) is larger than 4 MiB"))
        #expect(expected.exitCode == .dataError)
        #expect(throws: expected) { try read(name) }
        if name == "alerts" {
            #expect(throws: expected) { try store.updateAlerts { _ in () } }
        }
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(size == StoreFileCheck.maximumSize + 1)
    }

    @Test("a file of exactly the limit still reads")
    func atTheLimit() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try prepare()
        let line = "# padding\n"
        var text = "BTC\n" + String(repeating: line, count: (StoreFileCheck.maximumSize - 4) / line.count)
        text += String(repeating: "#", count: StoreFileCheck.maximumSize - text.utf8.count)
        try Data(text.utf8).write(to: URL(fileURLWithPath: store.directory + "/favorites"))
        #expect(try store.favorites().symbols == ["BTC"])
    }

    @Test("a .lock that is a symbolic link is refused, and nothing is created where it points")
    func lockSymlink() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try prepare()
        let elsewhere = folder + "/elsewhere"
        #expect(symlink(elsewhere, store.directory + "/.lock") == 0)
        #expect(
            throws: LacriptaError.io(
                "cannot lock \(store.directory)/.lock: it is a symbolic link, and lacripta only locks a file of its own there; remove the link (lacripta makes the file again)"
            )
        ) { try store.updateFavorites { $0.add("BTC") } }
        #expect(!FileManager.default.fileExists(atPath: elsewhere))
        #expect(!FileManager.default.fileExists(atPath: store.directory + "/favorites"))
    }

    @Test("a store file that is a symbolic link is written through to its target, and stays a link", arguments: [true, false])
    func symlinkWrittenThrough(relative: Bool) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try prepare()
        let dotfiles = folder + "/dotfiles"
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        let target = dotfiles + "/favorites"
        try Data("# mine\nETH\n".utf8).write(to: URL(fileURLWithPath: target))
        let link = store.directory + "/favorites"
        #expect(symlink(relative ? "../dotfiles/favorites" : target, link) == 0)
        try store.updateFavorites { $0.add("BTC") }
        #expect(fileType(link) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "# mine\nETH\nBTC\n")
        #expect(try store.favorites().symbols == ["ETH", "BTC"])
        // No temporary file is left beside the link or the target.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dotfiles) == ["favorites"])
    }

    @Test("a link whose target does not exist yet gets the file at the target")
    func danglingLink() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try prepare()
        let target = folder + "/holdings-real"
        let link = store.directory + "/holdings"
        #expect(symlink(target, link) == 0)
        try store.updateHoldings { $0.set(Holding(symbol: "BTC", amount: try #require(DecimalText("1")))) }
        #expect(fileType(link) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasSuffix("BTC 1\n"))
    }

    @Test("a write-protected store file is refused, named, and keeps its text and mode")
    func readOnlyFile() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try prepare()
        let path = store.directory + "/favorites"
        try Data("BTC\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o444) == 0)
        #expect(
            throws: LacriptaError.io(
                "\(path) is read-only, so lacripta left it as it is: make it writable (chmod u+w) to let lacripta change it")
        ) { try store.updateFavorites { $0.add("ETH") } }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "BTC\n")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o444)
        #expect(try store.favorites().symbols == ["BTC"])
    }

    @Test("a rewrite keeps the permissions the user gave the file")
    func modeKept() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try prepare()
        let path = store.directory + "/holdings"
        try Data("BTC 1\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o640) == 0)
        try store.updateHoldings { $0.set(Holding(symbol: "ETH", amount: try #require(DecimalText("2")))) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "BTC 1\nETH 2\n")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o640)
    }
}
