#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed socket call: the operation name and `errno`, never any peer data.
public struct SocketError: Error, Equatable, CustomStringConvertible {
    /// The system call that failed, e.g. `bind`.
    public let operation: String
    /// The `errno` value at the time.
    public let code: Int32

    /// Creates an error for `operation` with `errno` value `code`.
    public init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// A short description for logs.
    public var description: String { "\(operation) failed (errno \(code))" }
}

/// Thin wrappers over the BSD socket calls that differ between Glibc and Darwin.
///
/// Every function works on a raw descriptor; ownership (who closes it) stays with the caller.
enum POSIXSocket {
    /// Creates a TCP socket listening on 127.0.0.1:`port` (0 picks a free port) and returns it
    /// with the port actually bound.
    static func listen(port: UInt16, backlog: Int32 = 64) throws(SocketError) -> (descriptor: Int32, port: UInt16) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw SocketError(operation: "socket", code: errno) }
        var reuse: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian  // 127.0.0.1 only: never expose the fake
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            throw SocketError(operation: "bind", code: code)
        }
        guard systemListen(descriptor, backlog) == 0 else {
            let code = errno
            close(descriptor)
            throw SocketError(operation: "listen", code: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(descriptor)
            throw SocketError(operation: "getsockname", code: code)
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// Accepts one connection; `nil` when the call was interrupted or the peer vanished first.
    static func accept(_ listener: Int32) -> Int32? {
        #if canImport(Glibc)
        let descriptor = Glibc.accept(listener, nil, nil)
        #else
        let descriptor = Darwin.accept(listener, nil, nil)
        #endif
        guard descriptor >= 0 else { return nil }
        #if canImport(Darwin)
        // Darwin has no MSG_NOSIGNAL; this per-socket option keeps a write to a closed peer from
        // raising SIGPIPE and killing the process.
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return descriptor
    }

    /// Sets a receive timeout so idle keep-alive connections do not pin a thread forever.
    static func setReceiveTimeout(_ descriptor: Int32, seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Reads up to `capacity` bytes; an empty array means the peer closed, `nil` an error or timeout.
    static func receive(_ descriptor: Int32, capacity: Int = 64 * 1024) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, capacity, 0) }
            if count >= 0 { return Array(buffer[..<count]) }
            if errno == EINTR { continue }
            return nil
        }
    }

    /// Writes all of `bytes`; `false` when the peer is gone. Never raises SIGPIPE.
    static func sendAll(_ descriptor: Int32, _ bytes: some Collection<UInt8>) -> Bool {
        let data = Array(bytes)
        var offset = 0
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        while offset < data.count {
            let sent = data.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress.map { $0 + offset }, data.count - offset, flags)
            }
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += sent
        }
        return true
    }

    /// Wakes any thread blocked on `descriptor` and stops further traffic, without closing it.
    static func shutdownBoth(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        #else
        _ = shutdown(descriptor, SHUT_RDWR)
        #endif
    }

    /// Closes a descriptor.
    static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }

    /// Waits until one of `descriptors` is readable (or hung up) and returns those that are;
    /// empty on timeout. `timeoutMilliseconds < 0` waits forever.
    static func waitReadable(_ descriptors: [Int32], timeoutMilliseconds: Int32) -> [Int32] {
        var polls = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let ready = poll(&polls, nfds_t(polls.count), timeoutMilliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return [] }
            return polls.filter { $0.revents != 0 }.map(\.fd)
        }
    }
}

/// `listen(2)`; a free function because inside `POSIXSocket` the name is shadowed by our own.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.listen(descriptor, backlog)
    #else
    Darwin.listen(descriptor, backlog)
    #endif
}
