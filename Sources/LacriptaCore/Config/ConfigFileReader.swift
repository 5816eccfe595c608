import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads the config file: nil when there is none, its text when there is, and an error naming the
/// path and the reason for anything else.
///
/// `FileManager.fileExists` is not enough: it answers false for a file inside a folder we may not
/// enter, and the config would then be dropped without a word. Only "no such file" means "no
/// config"; a folder, an unreadable file, a file that is not UTF-8 or one over
/// `ConfigFile.maxSize` are mistakes the user should hear about.
enum ConfigFileReader {
    /// The text of the file at `path`, or nil when it does not exist.
    static func contents(of path: String) throws(LacriptaError) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw unreadable(path, code)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(path, errno) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw LacriptaError.configuration("the config file \(path) is not a regular file: make it one, or remove it")
        }
        // Read one byte past the limit, so a large file is recognised without reading all of it.
        var bytes = [UInt8](repeating: 0, count: ConfigFile.maxSize + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(descriptor, base + filled, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw unreadable(path, errno) }
            if count == 0 { break }
            filled += count
        }
        guard filled <= ConfigFile.maxSize else {
            throw LacriptaError.configuration(
                "the config file \(path) is larger than \(ConfigFile.maxSize / 1024) KiB: is it the right file? A config holds a few `key = value` lines"
            )
        }
        guard let text = String(validating: bytes[..<filled], as: UTF8.self) else {
            throw LacriptaError.configuration("the config file \(path) is not UTF-8 text: save it as UTF-8")
        }
        return text
    }

    /// The error for a config file that exists (or may) but cannot be read.
    static func unreadable(_ path: String, _ code: Int32) -> LacriptaError {
        let reason: String
        switch code {
        case EACCES, EPERM: reason = "permission denied (check the permissions of the file and its folders)"
        case ENOTDIR: reason = "a folder on its path is a file"
        case ELOOP: reason = "too many symbolic links"
        default: reason = String(cString: strerror(code))
        }
        return LacriptaError.configuration("cannot read the config file \(path): \(reason)")
    }
}

extension ConfigFileReader {
    /// What is wrong with a CA bundle file, if anything.
    enum CertificateProblem: Sendable, Equatable {
        /// It cannot be opened or read; the reason in our words.
        case unreadable(String)
        /// It reads, but holds no PEM certificate.
        case notPEM
    }

    /// Checks that `path` is a readable file holding a PEM certificate, without loading it into TLS:
    /// a mistake here must be reported as one, not as an unreachable server.
    static func certificateProblem(atPath path: String) -> CertificateProblem? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .unreadable("no such file") }
        if isFolder.boolValue { return .unreadable("it is a folder") }
        guard let data = FileManager.default.contents(atPath: path) else { return .unreadable("permission denied?") }
        return data.range(of: Data("-----BEGIN CERTIFICATE-----".utf8)) == nil ? .notPEM : nil
    }
}
