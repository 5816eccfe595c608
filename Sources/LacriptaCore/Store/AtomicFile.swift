import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes a file so that a reader (or a crash) only ever sees the old content or the new: the
/// text goes to a temporary file in the same folder, is flushed to disk, renamed over the target,
/// and the folder is flushed so the rename itself survives a power cut.
///
/// A store file may be a symbolic link (dotfile managers keep the real file elsewhere): the new
/// text then replaces the link's target, in the target's folder, and the link stays. A file keeps
/// its permissions across a rewrite, and one the user made read-only is not replaced.
enum AtomicFile {
    /// Replaces the file at `path` with `text`; a new file gets permissions `mode` (0600 for what
    /// is private), an existing one keeps its own.
    static func write(_ text: String, to path: String, mode: mode_t) throws(LacriptaError) {
        let target = try SymbolicLinks.finalTarget(of: path)
        var permissions = mode
        var status = stat()
        if lstat(target, &status) == 0 {
            let type = status.st_mode & S_IFMT
            guard type == S_IFREG else {
                throw .unusable("\(path) is \(StoreFileCheck.describe(type)), not a regular file; lacripta left it as it is")
            }
            try StoreFileCheck.checkWritable(status, path: path)
            permissions = status.st_mode & 0o777
        } else if errno != ENOENT {
            throw failure("cannot write \(path)")
        }
        let directory = (target as NSString).deletingLastPathComponent
        var template = Array((directory + "/.lacripta-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { throw failure("cannot write in \(directory)") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            try writeAll(Array(text.utf8), to: descriptor, path: path)
            guard fchmod(descriptor, permissions) == 0, fsync(descriptor) == 0 else { throw failure("cannot write \(path)") }
        }
        guard rename(temporary, target) == 0 else { throw failure("cannot write \(path)") }
        renamed = true
        let folder = open(directory, O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            // Best effort: some file systems refuse fsync on a folder; the data itself is safe.
            _ = fsync(folder)
            close(folder)
        }
    }

    /// The bytes of the file at `path`, or nil when there is none.
    ///
    /// Opened without blocking (a FIFO would otherwise wait for a writer forever), then refused
    /// unread unless it is a regular file of at most `StoreFileCheck.maximumSize`.
    static func read(_ path: String) throws(LacriptaError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw failure("cannot read \(path)")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("cannot read \(path)") }
        try StoreFileCheck.checkReadable(status, path: path)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Foundation.read(descriptor, base, buffer.count)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw failure("cannot read \(path)") }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            // The file may have grown since fstat.
            guard bytes.count <= StoreFileCheck.maximumSize else { throw StoreFileCheck.tooLarge(path) }
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(LacriptaError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Foundation.write(descriptor, base, buffer.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write \(path)")
            }
            offset += written
        }
    }

    /// "cannot write PATH: the disk is full", from `errno`.
    static func failure(_ what: String) -> LacriptaError {
        let code = errno
        let reason: String
        switch code {
        case ENOSPC: reason = "the disk is full"
        case EACCES, EPERM: reason = "permission denied"
        case EROFS: reason = "the file system is read-only"
        default: reason = String(cString: strerror(code))
        }
        return .io("\(what): \(reason)")
    }
}
