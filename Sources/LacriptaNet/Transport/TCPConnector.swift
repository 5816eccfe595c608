#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a non-blocking TCP connection: resolves with getaddrinfo (IPv4 and IPv6, in the order
/// the resolver prefers) and tries each address until one connects or the deadline passes.
public enum TCPConnector {
    /// Connects to `host:port`; `isCancelled` is checked whenever the wake pipe fires, and a
    /// cancelled connect throws `.cancelled`.
    public static func connect(
        host: String, port: UInt16, deadline: Deadline, wake: WakePipe?, isCancelled: () -> Bool = { false }
    ) throws(NetError) -> Int32 {
        let endpoint = "\(host.contains(":") ? "[\(host)]" : host):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            let detail = status == EAI_SYSTEM ? Posix.describe(Posix.errorNumber) : String(cString: gai_strerror(status))
            throw NetError(.hostNotFound, endpoint: endpoint, detail: detail)
        }
        defer { freeaddrinfo(list) }

        var lastError = NetError(.connectionRefused, endpoint: endpoint)
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            cursor = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, Posix.streamType, 0)
            guard fd >= 0 else { continue }
            Posix.prepare(fd)
            Posix.setNoDelay(fd)
            if systemConnect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                return fd
            }
            var code = Posix.errorNumber
            if code == EINPROGRESS || code == EINTR {
                code = try awaitConnect(fd, deadline: deadline, wake: wake, isCancelled: isCancelled, endpoint: endpoint)
                if code == 0 { return fd }
            }
            Posix.close(fd)
            lastError = error(for: code, endpoint: endpoint)
            if deadline.hasPassed { throw NetError(.connectTimedOut, endpoint: endpoint) }
        }
        throw lastError
    }

    /// Polls an in-progress connect until it completes; returns its errno (0 on success).
    private static func awaitConnect(
        _ fd: Int32, deadline: Deadline, wake: WakePipe?, isCancelled: () -> Bool, endpoint: String
    ) throws(NetError) -> Int32 {
        while true {
            let ready = Posix.wait(fd, readable: false, writable: true, wake: wake?.readEnd, timeout: deadline.remainingMilliseconds)
            if ready.woken {
                wake?.drain()
                if isCancelled() {
                    Posix.close(fd)
                    throw NetError(.cancelled, endpoint: endpoint)
                }
            }
            if ready.writable { return Posix.socketError(fd) }
            if deadline.hasPassed {
                Posix.close(fd)
                throw NetError(.connectTimedOut, endpoint: endpoint)
            }
        }
    }

    /// Maps a connect errno to the error a user sees.
    private static func error(for code: Int32, endpoint: String) -> NetError {
        switch code {
        case ECONNREFUSED: NetError(.connectionRefused, endpoint: endpoint)
        case ETIMEDOUT: NetError(.connectTimedOut, endpoint: endpoint)
        default: NetError(.networkFailure, endpoint: endpoint, detail: Posix.describe(code))
        }
    }

    /// `connect(2)` under a name that does not clash with `TCPConnector.connect`.
    private static func systemConnect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.connect(fd, address, length)
        #else
        Darwin.connect(fd, address, length)
        #endif
    }
}
