#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A self-pipe that lets other threads wake an I/O thread blocked in `poll(2)`: for queued
/// outgoing frames, a close request, or cancellation. A pipe rather than eventfd so the same code
/// runs on Darwin.
public final class WakePipe: Sendable {
    /// The end the I/O thread polls.
    public let readEnd: Int32
    private let writeEnd: Int32

    /// Creates the pipe, both ends non-blocking and close-on-exec.
    public init() throws(NetError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw NetError(.networkFailure, detail: "pipe: \(Posix.describe(Posix.errorNumber))")
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    /// Wakes the poller. A full pipe already means "wake up", so EAGAIN is fine.
    public func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe after a wake-up.
    public func drain() {
        var sink = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &sink, sink.count) > 0 {}
    }

    deinit {
        Posix.close(readEnd)
        Posix.close(writeEnd)
    }
}
