import Foundation

/// The user's own data (favourites, holdings): small text files under `$XDG_DATA_HOME/lacripta/`
/// (default `~/.local/share/lacripta/`).
///
/// Nothing the user wrote is ever lost: every change reads the file, applies the change and writes
/// it back atomically, all under one advisory lock, so concurrent lacripta processes serialise;
/// and a file that does not parse is never written over (the error names its line, exit 65).
public struct UserStore: Sendable {
    /// The store's folder.
    public let directory: String

    /// A store in `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// The store of the user the environment names: `$XDG_DATA_HOME/lacripta`, else
    /// `~/.local/share/lacripta`.
    public static func directory(environment: [String: String]) -> String {
        let base = environment[.xdgDataHome] ?? ((environment[.home] ?? NSHomeDirectory()) + "/.local/share")
        return base + "/lacripta"
    }

    /// The favourites (empty when the file does not exist yet).
    public func favorites() throws(LacriptaError) -> Favorites { try read(Favorites.self) }

    /// The holdings (empty when the file does not exist yet).
    public func holdings() throws(LacriptaError) -> Holdings { try read(Holdings.self) }

    /// Changes the favourites under the lock; writes only when `change` changed something.
    @discardableResult
    public func updateFavorites<Result>(_ change: (inout Favorites) throws -> Result) throws -> Result {
        try update(Favorites.self, change)
    }

    /// Changes the holdings under the lock; writes only when `change` changed something.
    @discardableResult
    public func updateHoldings<Result>(_ change: (inout Holdings) throws -> Result) throws -> Result {
        try update(Holdings.self, change)
    }

    /// The path of `Document`'s file.
    func path<Document: StoreDocument>(of _: Document.Type) -> String {
        directory + "/" + Document.fileName
    }

    /// Reads and parses `Document`'s file, without the lock: a reader sees the old or the new file,
    /// never half of one, because writers rename whole files into place.
    func read<Document: StoreDocument>(_ type: Document.Type) throws(LacriptaError) -> Document {
        let path = path(of: type)
        guard let bytes = try AtomicFile.read(path) else { return Document() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadableFile(path, line: 1, "the file is not UTF-8 text")
        }
        return try Document(text: text, path: path)
    }

    /// Lock, read, change, write if changed, unlock.
    func update<Document: StoreDocument & Equatable, Result>(_ type: Document.Type, _ change: (inout Document) throws -> Result) throws -> Result {
        try createDirectory()
        // Said up front, in words that name the folder: otherwise the lock file's creation fails
        // first, with a message about a file the user never heard of.
        guard access(directory, W_OK) == 0 else {
            throw LacriptaError.io(
                "cannot change lacripta's data in \(directory): the folder is read-only; make it writable, or set XDG_DATA_HOME to another folder")
        }
        return try StoreLock.withLock(directory: directory) {
            let original = try read(type)
            var document = original
            let result = try change(&document)
            if document != original {
                try AtomicFile.write(document.text, to: path(of: type), mode: Document.mode)
            }
            return result
        }
    }

    /// Creates the folder (0700) when it is missing; a folder that cannot be made is a clear error.
    private func createDirectory() throws(LacriptaError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .io("cannot use \(directory) for lacripta's data: it is a file, not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io("cannot create \(directory) for lacripta's data: check that its parent folder is writable")
        }
    }
}
