import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An advisory lock on the store's folder (`flock(2)` on a `.lock` file in it), held for one
/// read-change-write, so two lacripta processes changing the store at once never lose an edit:
/// the second waits for the first and then reads what the first wrote.
///
/// Each acquisition opens the lock file anew, so the lock also excludes other threads of the same
/// process (`flock` locks belong to the open file, not the process).
enum StoreLock {
    /// Runs `body` holding the lock on `directory`, waiting for it first.
    static func withLock<Result>(directory: String, _ body: () throws -> Result) throws -> Result {
        let path = directory + "/.lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw AtomicFile.failure("cannot lock \(path)") }
        // Closing the descriptor releases the lock.
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw AtomicFile.failure("cannot lock \(path)") }
        }
        return try body()
    }
}
