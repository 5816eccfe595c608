import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Follows symbolic links the way `open` would, so that a store file kept elsewhere by a dotfile
/// manager is rewritten where it lives instead of having its link replaced by a copy.
enum SymbolicLinks {
    /// The kernel's limit on links followed in one lookup (Linux's `MAXSYMLINKS`).
    private static let maximumHops = 40

    /// The path `path` finally names: itself when it is no symbolic link (or does not exist), else
    /// the last link's destination, which need not exist yet.
    static func finalTarget(of path: String) throws(LacriptaError) -> String {
        var current = path
        for _ in 0..<maximumHops {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return readlink(current, base.assumingMemoryBound(to: CChar.self), raw.count - 1)
            }
            guard length > 0 else { throw AtomicFile.failure("cannot read the symbolic link \(current)") }
            let destination = String(decoding: buffer[..<length], as: UTF8.self)
            let folder = (current as NSString).deletingLastPathComponent
            current = destination.hasPrefix("/") || folder.isEmpty ? destination : folder + "/" + destination
        }
        throw .io("\(path): too many symbolic links (a loop?); lacripta left it as it is: point the link at a file")
    }
}
