#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal window size in character cells.
public struct TerminalSize: Sendable, Hashable {
    /// Width in cells.
    public var columns: Int
    /// Height in cells.
    public var rows: Int

    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Asks the terminal behind `fileDescriptor` for its window size (`ioctl(TIOCGWINSZ)`); `nil`
    /// when it is not a terminal or reports zero (some CI pseudo-terminals do).
    public static func query(fileDescriptor: Int32) -> TerminalSize? {
        var size = winsize()
        #if canImport(Darwin)
        let status = ioctl(fileDescriptor, TIOCGWINSZ, &size)
        #else
        // Glibc declares the request as `UInt`, while TIOCGWINSZ is imported as an `Int32`.
        let status = ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size)
        #endif
        guard status == 0, size.ws_col > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// Whether `fileDescriptor` is a terminal (`isatty`).
    public static func isTerminal(fileDescriptor: Int32) -> Bool {
        isatty(fileDescriptor) == 1
    }
}
