#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin, platform-neutral wrappers over the socket calls the transport needs. Everything that
/// differs between Glibc and Darwin (constants typed as enums, SIGPIPE suppression, CLOEXEC)
/// lives here so the rest of the transport reads the same on both.
public enum Posix {
    /// `SOCK_STREAM` as the `Int32` that `socket(2)` takes on this platform.
    #if canImport(Glibc)
    public static let streamType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    #else
    public static let streamType = SOCK_STREAM
    #endif

    /// Flags for `send(2)`: on Linux suppress SIGPIPE per call; Darwin uses SO_NOSIGPIPE instead.
    #if canImport(Glibc)
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    static let sendFlags: Int32 = 0
    #endif

    /// Ignores SIGPIPE for the whole process, once. OpenSSL's socket BIO writes with write(2),
    /// which cannot pass MSG_NOSIGNAL, so a peer that vanished would otherwise kill the process
    /// (exit 141). SwiftNIO does the same on Linux.
    public static let ignoreSIGPIPE: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// The current `errno`.
    public static var errorNumber: Int32 { errno }

    /// `strerror` for `code`, e.g. "Connection refused".
    public static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// Puts `fd` in non-blocking mode, marks it close-on-exec and (Darwin) no-SIGPIPE.
    public static func prepare(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Disables Nagle's algorithm: WebSocket frames and HTTP heads are small and latency-sensitive.
    public static func setNoDelay(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Reads the pending socket error after a non-blocking connect.
    static func socketError(_ fd: Int32) -> Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &value, &length) == 0 else { return errno }
        return value
    }

    /// Closes `fd`, ignoring errors (there is nothing useful to do about them).
    public static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #else
        _ = Darwin.close(fd)
        #endif
    }

    /// Half-closes `fd`: sends a FIN after what is queued, while reading goes on.
    static func shutdownWrite(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
        #else
        _ = Darwin.shutdown(fd, SHUT_WR)
        #endif
    }

    /// Readiness reported by `wait`.
    public struct Readiness: Sendable {
        /// The socket is readable, hung up or errored: try a read.
        public var readable = false
        /// The socket is writable.
        public var writable = false
        /// The wake-up pipe fired.
        public var woken = false
    }

    /// Polls `fd` for `events` plus the wake pipe, for at most `timeout` milliseconds (-1 = forever).
    /// Retries on EINTR.
    public static func wait(_ fd: Int32, readable: Bool, writable: Bool, wake: Int32?, timeout: Int32) -> Readiness {
        var events: Int16 = 0
        if readable { events |= Int16(POLLIN) }
        if writable { events |= Int16(POLLOUT) }
        var fds = [pollfd(fd: fd, events: events, revents: 0)]
        if let wake { fds.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
        while poll(&fds, nfds_t(fds.count), timeout) < 0 {
            guard errno == EINTR else { break }
        }
        var result = Readiness()
        let revents = fds[0].revents
        result.readable = revents & Int16(POLLIN | POLLHUP | POLLERR) != 0
        result.writable = revents & Int16(POLLOUT | POLLERR | POLLHUP) != 0
        result.woken = fds.count > 1 && fds[1].revents != 0
        return result
    }
}
