import Foundation

extension UserStore {
    /// The journal (empty when the file does not exist yet).
    public func journal() throws(LacriptaError) -> Journal { try read(Journal.self) }

    /// Whether the journal file exists (before it does, the holdings file alone is the ledger).
    public var hasJournal: Bool { FileManager.default.fileExists(atPath: path(of: Journal.self)) }

    /// Changes the journal under the store's lock; writes (atomically) only when `change` changed
    /// something, and never over a journal it could not read.
    @discardableResult
    public func updateJournal<Result>(_ change: (inout Journal) throws -> Result) throws -> Result {
        try update(Journal.self, change)
    }

    /// Changes the holdings file and the journal together, under one hold of the lock: what
    /// `holdings set` and `rm` do (the holdings file for the screens that read it, the adjustment in
    /// the journal). Each file is replaced atomically; the journal first, so a crash between the
    /// two leaves the ledger (which reads the journal after the holdings) already right.
    @discardableResult
    public func updateHoldingsAndJournal<Result>(_ change: (inout Holdings, inout Journal) throws -> Result) throws -> Result {
        try update(Holdings.self) { holdings in
            // The lock is held here (it is not re-entrant, so the journal is read and written
            // directly rather than through a second `update`).
            let original = try read(Journal.self)
            var journal = original
            let result = try change(&holdings, &journal)
            if journal != original {
                try AtomicFile.write(journal.text, to: path(of: Journal.self), mode: Journal.mode)
            }
            return result
        }
    }
}

extension UserStore {
    /// The journal's path, for messages that name it.
    public var journalPath: String { path(of: Journal.self) }
}
