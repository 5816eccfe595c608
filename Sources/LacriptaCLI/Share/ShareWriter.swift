import Foundation
import LacriptaCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a shared document to a file atomically and without clobbering: the text goes to a
/// temporary file in the same folder, which is then linked into place (fails if the name exists)
/// or, with `force`, renamed over it. A reader never sees half a file, and a crash leaves at most
/// a hidden temporary file behind.
enum ShareWriter {
    /// Writes `text` to `path` (`~` expanded against `home`) and returns the absolute path written.
    static func write(_ text: String, to path: String, force: Bool, home: String?) throws -> String {
        let target = URL(fileURLWithPath: absolutePath(path, home: home)).standardizedFileURL.path
        let directory = (target as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LacriptaError.io("cannot share to \(target): folder \(directory) does not exist")
        }
        if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), isDirectory.boolValue {
            throw LacriptaError.io("cannot share to \(target): it is a folder; give a file name")
        }
        var template = Array((directory + "/.lacripta-share-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else { throw LacriptaError.io("cannot write in \(directory): \(Self.errnoText())") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var keepTemporary = false
        defer { if !keepTemporary { unlink(temporary) } }
        do {
            defer { close(fd) }
            try writeAll(Array(text.utf8), to: fd, path: temporary)
            // mkstemp makes the file 0600; a shared document should be readable like any other.
            fchmod(fd, 0o644)
            guard fsync(fd) == 0 else { throw LacriptaError.io("cannot write \(target): \(Self.errnoText())") }
        }
        if force {
            guard rename(temporary, target) == 0 else { throw LacriptaError.io("cannot write \(target): \(Self.errnoText())") }
            keepTemporary = true  // it is the target now
        } else if link(temporary, target) != 0 {
            if errno == EEXIST { throw LacriptaError.io("\(target) already exists; use --force to overwrite it") }
            throw LacriptaError.io("cannot write \(target): \(Self.errnoText())")
        }
        return target
    }

    /// `path` as the user meant it: a leading `~` or `~/` is `home` (from the environment, as a
    /// shell reads it; Foundation's own expansion ignores `$HOME` on Linux), other `~user` forms
    /// are left to Foundation.
    static func absolutePath(_ path: String, home: String?) -> String {
        if let home, !home.isEmpty, path == "~" || path.hasPrefix("~/") { return home + path.dropFirst() }
        return (path as NSString).expandingTildeInPath
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glue.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw LacriptaError.io("cannot write \(path): \(errnoText())")
            }
            offset += written
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// The C `write`, named apart from Swift's `write` overloads in scope.
private enum Glue {
    static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #else
        Darwin.write(fd, buffer, count)
        #endif
    }
}
