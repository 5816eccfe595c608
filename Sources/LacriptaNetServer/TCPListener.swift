import LacriptaNet

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening TCP socket for the fake server and the simulator: binds a numeric address (port 0
/// picks a free port) and accepts non-blocking connections.
public final class TCPListener: @unchecked Sendable {
    // @unchecked: after init, `fileDescriptor` is used (accept, close) only by the one thread
    // that runs the accept loop; other threads read `port`, which never changes.
    /// The listening socket; -1 once closed.
    public private(set) var fileDescriptor: Int32
    /// The port actually bound.
    public let port: UInt16

    /// Binds and listens on `host` (a numeric IPv4 or IPv6 address) and `port`.
    public init(host: String, port: UInt16) throws(NetError) {
        let described = "\(host.contains(":") ? "[\(host)]" : host):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = AI_PASSIVE | AI_NUMERICHOST
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list else {
            throw NetError(.hostNotFound, endpoint: described)
        }
        defer { freeaddrinfo(list) }
        let fd = socket(info.pointee.ai_family, Posix.streamType, 0)
        guard fd >= 0 else { throw NetError(.networkFailure, endpoint: described, detail: Posix.describe(Posix.errorNumber)) }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, listen(fd, 128) == 0 else {
            let detail = Posix.describe(Posix.errorNumber)
            Posix.close(fd)
            throw NetError(.networkFailure, endpoint: described, detail: detail)
        }
        Posix.prepare(fd)
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let family = Int32(storage.ss_family)
        let boundPort: UInt16 = withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET6 {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            } else {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
        }
        self.fileDescriptor = fd
        self.port = boundPort
    }

    /// Accepts one pending connection as a non-blocking, no-delay socket, or nil if none is pending.
    public func accept() -> Int32? {
        #if canImport(Glibc)
        let fd = Glibc.accept(fileDescriptor, nil, nil)
        #else
        let fd = Darwin.accept(fileDescriptor, nil, nil)
        #endif
        guard fd >= 0 else { return nil }
        Posix.prepare(fd)
        Posix.setNoDelay(fd)
        return fd
    }

    /// Stops listening: later connection attempts are refused. Idempotent.
    public func close() {
        guard fileDescriptor >= 0 else { return }
        Posix.close(fileDescriptor)
        fileDescriptor = -1
    }

    deinit { close() }
}
