#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-shot "the server is stopping" flag that blocked threads can wait on with `poll(2)`.
///
/// It is a self-pipe: `fire()` writes one byte that is never read, so the read end stays readable
/// and every later wait returns at once. This wakes the accept loop and cuts short slow-mode
/// delays on both Linux and macOS, where closing a descriptor another thread polls does not.
final class StopSignal: Sendable {
    /// The end the waiters poll.
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    /// Creates the pipe.
    init() throws(SocketError) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw SocketError(operation: "pipe", code: errno) }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        POSIXSocket.close(readDescriptor)
        POSIXSocket.close(writeDescriptor)
    }

    /// Marks the signal as fired and wakes every waiter; later calls do nothing new.
    func fire() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Whether `fire()` has been called.
    var isFired: Bool {
        !POSIXSocket.waitReadable([readDescriptor], timeoutMilliseconds: 0).isEmpty
    }

    /// Sleeps for `duration` unless the signal fires first; returns `true` if it fired.
    func wait(for duration: Duration) -> Bool {
        let (seconds, attoseconds) = duration.components
        let milliseconds = max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        let bounded = Int32(clamping: milliseconds)
        return !POSIXSocket.waitReadable([readDescriptor], timeoutMilliseconds: bounded).isEmpty
    }
}
