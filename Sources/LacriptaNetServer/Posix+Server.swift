import LacriptaNet

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Posix {
    /// Makes `close(2)` send a TCP RST instead of a FIN (SO_LINGER 0): how the fake servers
    /// imitate an abrupt connection loss. Only servers want this, so it lives here.
    public static func setResetOnClose(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }
}
