import Foundation
import LacriptaSQLite

/// The reader's news archive: every article lacripta fetched, with read, new, saved and rating
/// marks, in a SQLite database at `$XDG_DATA_HOME/lacripta/news.sqlite`.
///
/// What lacripta gathers lives in a database, not a text file: stores are transactions (a
/// `kill -9` loses at most the one in flight), WAL lets `news` read while the view writes, and the
/// busy timeout serialises processes. A file that will not open as the archive is never deleted,
/// recreated or written: opening fails with a message naming it, and `news` goes on without it.
public final class ArticleArchive {
    /// The database's file name in the data folder.
    public static let fileName = "news.sqlite"
    /// Days an unsaved, unrated article is kept by default (`news_keep_days`).
    public static let defaultKeepDays = 90

    /// The database file.
    public let path: String
    /// Days unsaved, unrated articles are kept after they were first seen.
    public let keepDays: Int
    let database: SQLiteConnection

    /// Opens (creating when missing) the archive in `directory`, migrating an older schema.
    public convenience init(directory: String, keepDays: Int = defaultKeepDays) throws(LacriptaError) {
        try Self.createDirectory(directory)
        try self.init(path: directory + "/" + Self.fileName, keepDays: keepDays)
    }

    /// Opens the archive at `path`.
    public init(path: String, keepDays: Int = defaultKeepDays) throws(LacriptaError) {
        self.path = path
        self.keepDays = keepDays
        do {
            database = try SQLiteConnection(path: path)
            // Reading the version reads the header first: a file that is not a database fails
            // here, before anything could be written to it.
            let version = try database.userVersion()
            guard version <= ArchiveSchema.latest else {
                throw LacriptaError.io(
                    "news archive \(path) was written by a newer lacripta (schema \(version), this one knows \(ArchiveSchema.latest)); "
                        + "it is left as it is: use the newer lacripta")
            }
            try database.enableWAL()
            try ArchiveSchema.migrate(database)
            try database.registerRankFunction()
        } catch let error as SQLiteError {
            throw Self.lacriptaError(error)
        } catch let error as LacriptaError {
            throw error
        } catch {
            throw .io("news archive \(path): \(error)")
        }
    }

    /// The archive's folder for `environment`: the store's (`$XDG_DATA_HOME/lacripta`).
    public static func directory(environment: [String: String]) -> String {
        UserStore.directory(environment: environment)
    }

    /// Runs `body`, turning a SQLite failure into the one message that names the file.
    func guarded<Result>(_ body: () throws -> Result) throws(LacriptaError) -> Result {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw Self.lacriptaError(error)
        } catch let error as LacriptaError {
            throw error
        } catch {
            throw .io("news archive \(path): \(error)")
        }
    }

    /// A SQLite failure in words: what is wrong with which file, and what to do. The file is
    /// never touched in answer to any of them.
    static func lacriptaError(_ error: SQLiteError) -> LacriptaError {
        let file = "news archive \(error.path)"
        switch error.kind {
        case .corrupt:
            return .io("\(file) is damaged or not a database (\(error.message)); it is left as it is: move it aside to start a new archive")
        case .cannotOpen:
            return .io("\(file) cannot be opened (\(error.message)): check the permissions of the file and its folder")
        case .readOnly:
            return .io("\(file) is read-only: make the file and its folder writable to keep read marks and saved articles")
        case .busy:
            return .io("\(file) stayed locked by another lacripta: try again when it is done")
        case .full:
            return .io("\(file) cannot grow: the disk is full")
        case .io, .constraint, .other:
            return .io("\(file): \(error.message) (SQLite \(error.code))")
        }
    }

    /// Creates the data folder (0700) when it is missing.
    private static func createDirectory(_ directory: String) throws(LacriptaError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .io("cannot keep the news archive in \(directory): it is a file, not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io("cannot create \(directory) for the news archive: check that its parent folder is writable")
        }
    }
}
