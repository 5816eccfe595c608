#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal switched to raw input: keys arrive byte by byte, unechoed, with nothing interpreted.
///
/// ISIG is turned off on purpose, so Ctrl-C (0x03) and Ctrl-Z (0x1A) arrive as bytes like any
/// other key. The view then quits or suspends through its one ordinary path, which restores the
/// terminal first; a signal raised by the line discipline could interrupt a frame half written.
/// Signals sent from outside (`kill`, a closed terminal) still arrive and are the caller's to
/// handle. Output processing (OPOST, `\n` → `\r\n`) stays on, so a message printed while the view
/// is up still starts at the left margin.
///
/// `enable` saves the settings it found and `restore()` puts them back exactly; after a suspend
/// (`fg` hands the terminal back in the shell's cooked mode) call `reapply()`.
public struct RawMode: Sendable {
    /// The terminal descriptor (normally standard input).
    public let fileDescriptor: Int32
    /// The settings found before `enable`, as the raw bytes of a `termios` (kept as bytes so the
    /// value is plainly `Sendable` on every platform).
    private let saved: [UInt8]

    /// Switches `fileDescriptor` to raw input; throws `RawModeError` when it is not a terminal.
    public static func enable(fileDescriptor: Int32) throws(RawModeError) -> RawMode {
        var original = termios()
        guard tcgetattr(fileDescriptor, &original) == 0 else { throw .notATerminal(errno: errno) }
        let mode = RawMode(fileDescriptor: fileDescriptor, saved: withUnsafeBytes(of: original) { Array($0) })
        try mode.reapply()
        return mode
    }

    /// Applies the raw settings again, on top of the saved ones (after a suspend and `fg`).
    public func reapply() throws(RawModeError) {
        var raw = savedSettings()
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        // VMIN 1, VTIME 0: a read returns as soon as one byte is there, with all that are there.
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        // TCSAFLUSH drops keys typed before the view was ready instead of acting on them.
        guard tcsetattr(fileDescriptor, TCSAFLUSH, &raw) == 0 else { throw .cannotConfigure(errno: errno) }
    }

    /// Whether this process's group is the terminal's foreground group: the only one the terminal
    /// lets read and change its settings, and so the only time the view may take it. After Ctrl-Z
    /// and `bg` the process runs on in the background while the shell owns the terminal; without
    /// job control in the way (threads that block SIGTTOU and SIGTTIN, as the concurrency pool's
    /// do) its writes, mode changes and reads would land in the middle of the shell.
    public var isForeground: Bool {
        Self.isForeground(fileDescriptor: fileDescriptor)
    }

    /// Whether this process's group is the foreground group of the terminal `fileDescriptor`
    /// (see `isForeground`), for code that holds the descriptor but not the `RawMode`.
    public static func isForeground(fileDescriptor: Int32) -> Bool {
        tcgetpgrp(fileDescriptor) == getpgrp()
    }

    /// Puts back the settings found by `enable`, after output already written has drained.
    public func restore() {
        var original = savedSettings()
        _ = tcsetattr(fileDescriptor, TCSADRAIN, &original)
    }

    /// The saved settings as a `termios` again (also for `FatalSignalGuard`).
    func savedSettings() -> termios {
        var settings = termios()
        withUnsafeMutableBytes(of: &settings) { target in
            saved.withUnsafeBytes { source in target.copyMemory(from: source) }
        }
        return settings
    }
}

/// Why raw mode could not be entered.
public enum RawModeError: Error, Sendable, Hashable {
    /// The descriptor is not a terminal (input is a pipe or a file).
    case notATerminal(errno: Int32)
    /// The terminal refused the new settings.
    case cannotConfigure(errno: Int32)
}
