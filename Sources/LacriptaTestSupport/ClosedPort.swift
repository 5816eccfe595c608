#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A port on 127.0.0.1 that refuses connections for as long as this value lives: a socket bound to
/// it that never listens. A test that stops its server to make "nothing answers" frees the port, and
/// in a full parallel run another test's listener can be given it moments later, which then
/// answers (with a 404 upgrade, say) where the test expected a refusal.
public final class ClosedPort: @unchecked Sendable {
    // @unchecked: `descriptor` is set once in init and only closed in deinit.
    private let descriptor: Int32
    /// The reserved port.
    public let port: UInt16

    /// Reserves a free port; nil when no socket could be bound.
    public init?() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else {
            close(fd)
            return nil
        }
        descriptor = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }
}
