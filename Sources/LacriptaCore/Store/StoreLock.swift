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
    ///
    /// The lock file is never reached through a symbolic link (`O_NOFOLLOW`): with `O_CREAT`, a
    /// link planted as `.lock` would have lacripta create or lock a file elsewhere. Nor is it
    /// opened when it is not a regular file.
    static func withLock<Result>(directory: String, _ body: () throws -> Result) throws -> Result {
        let path = directory + "/.lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            if errno == ELOOP {
                throw LacriptaError.io(
                    "cannot lock \(path): it is a symbolic link, and lacripta only locks a file of its own there; remove the link (lacripta makes the file again)"
                )
            }
            throw AtomicFile.failure("cannot lock \(path)")
        }
        // Closing the descriptor releases the lock.
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw AtomicFile.failure("cannot lock \(path)") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw LacriptaError.io(
                "cannot lock \(path): it is \(StoreFileCheck.describe(status.st_mode & S_IFMT)), not a regular file; remove it (lacripta makes the file again)"
            )
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw AtomicFile.failure("cannot lock \(path)") }
        }
        return try body()
    }
}
