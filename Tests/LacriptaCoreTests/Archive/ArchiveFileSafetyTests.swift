import Foundation
import LacriptaSQLite
import Testing

@testable import LacriptaCore

/// A file that will not open as the archive is never rewritten; an older schema is migrated with
/// its rows kept and indexed.
@Suite("Archive file safety")
struct ArchiveFileSafetyTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-archive-safety-\(UUID().uuidString)").path
    private var path: String { folder + "/" + ArticleArchive.fileName }

    private func write(_ bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test("a file that is not a database: opening fails naming it, and its bytes stay as they were")
    func garbageLeftAlone() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = Array("this is my shopping list, not a database\n".utf8) + [UInt8](repeating: 0xAB, count: 5000)
        try write(bytes)
        #expect {
            _ = try ArticleArchive(directory: folder)
        } throws: { error in
            let message = (error as? LacriptaError)?.userMessage ?? ""
            return message.contains(path) && message.contains("left as it is")
        }
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("a database whose pages are damaged: fails naming it, bytes untouched")
    func damagedLeftAlone() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let archive = try ArticleArchive(directory: folder)
            try archive.store(
                (1...50).map { ArticleArchiveTests.article($0, body: String(repeating: "text ", count: 200)) }, from: .feeds, now: Date())
        }
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        // Keep the header (so SQLite takes it for a database) and wreck the schema page.
        for index in 100..<min(bytes.count, 4096) { bytes[index] = 0xFF }
        try FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
        try write(bytes)
        #expect(throws: LacriptaError.self) { _ = try ArticleArchive(directory: folder) }
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
    }

    @Test("an unreadable file: fails naming it and is left with its mode")
    func unreadable() throws {
        defer {
            chmod(path, 0o600)
            try? FileManager.default.removeItem(atPath: folder)
        }
        try write(Array("SQLite format 3\0".utf8))
        chmod(path, 0o000)
        // Root reads any file whatever its mode; the check means nothing there.
        guard getuid() != 0 else { return }
        #expect {
            _ = try ArticleArchive(directory: folder)
        } throws: { error in
            ((error as? LacriptaError)?.userMessage ?? "").contains(path)
        }
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0)
    }

    @Test("a newer schema than this lacripta knows is refused, not downgraded")
    func newerSchema() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            let database = try SQLiteConnection(path: path)
            try database.setUserVersion(ArchiveSchema.latest + 1)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect {
            _ = try ArticleArchive(directory: folder)
        } throws: { error in
            ((error as? LacriptaError)?.userMessage ?? "").contains("newer lacripta")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("a version 1 archive (before the search index) opens migrated, its rows, marks and ids kept and searchable")
    func migratesFromVersionOne() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            let database = try SQLiteConnection(path: path)
            try ArchiveSchema.migrate(database, to: 1)
            try database.run(
                """
                INSERT INTO articles (ref, key, source, service_id, outlet, title, link, published, categories, tags, coins, text, first_seen, saved_at)
                VALUES ('kq7x', 'link:https://example.com/old', 'feeds', 'g1', 'CoinDesk', 'Old staking story', 'https://example.com/old', 1, '', '', 'ETH', 'body', 1, 5)
                """)
        }
        let archive = try ArticleArchive(directory: folder)
        let found = try archive.search("staking", limit: 5)
        #expect(found.map(\.ref) == ["kq7x"])
        #expect(found.first?.isSaved == true)
        #expect(found.first?.coins == ["ETH"])
        let database = try SQLiteConnection(path: path)
        #expect(try database.userVersion() == ArchiveSchema.latest)
    }

    @Test("the system SQLite has FTS5 compiled in")
    func hasFTS5() {
        #expect(SQLiteConnection.compileOptionUsed("ENABLE_FTS5"), "SQLite \(SQLiteConnection.libraryVersion) lacks FTS5")
    }
}
