import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a store file must be before lacripta reads or replaces it: a regular file, of a size a
/// hand-kept list can have, that the user has not made read-only.
///
/// Anything else is refused with a line naming the path, and left as it is: a FIFO standing as
/// `favorites` would otherwise block every command that reads it, `/dev/zero` behind a symbolic
/// link would be read until memory ran out, and a file the user write-protected would be replaced
/// by a new, writable one.
enum StoreFileCheck {
    /// The largest store file read: a favourites list of 4 MiB holds some 400,000 coins, so a
    /// larger file is not one lacripta wrote (the config file is capped the same way).
    static let maximumSize = 4 << 20

    /// Throws unless `status` (from `fstat`/`stat` of `path`) is a regular file within the limit.
    static func checkReadable(_ status: stat, path: String) throws(LacriptaError) {
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG else {
            throw .unusable(
                "\(path) is \(describe(type)), not a regular file; lacripta left it as it is: remove it, or put a regular file in its place")
        }
        guard Int(status.st_size) <= maximumSize else {
            throw tooLarge(path)
        }
    }

    /// The error for a file over `maximumSize`.
    static func tooLarge(_ path: String) -> LacriptaError {
        .unusable(
            "\(path) is larger than \(maximumSize >> 20) MiB, too large for a lacripta list; lacripta left it as it is: is it the right file? Move it away to start afresh"
        )
    }

    /// Throws when the user took away their own write permission from the file: lacripta then
    /// does not replace it (a rename would, since only the folder's permission counts for that).
    static func checkWritable(_ status: stat, path: String) throws(LacriptaError) {
        guard status.st_mode & S_IWUSR != 0 else {
            throw .io("\(path) is read-only, so lacripta left it as it is: make it writable (chmod u+w) to let lacripta change it")
        }
    }

    /// "a FIFO", "a folder"… for a file type from `st_mode`.
    static func describe(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFDIR: "a folder"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }
}
