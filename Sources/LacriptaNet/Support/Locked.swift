import Foundation

/// A value guarded by a lock, shared between callers' tasks and a connection's I/O thread.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 and the package targets macOS 13.
///
/// `withLock` is inlinable: the WebSocket driver takes this lock a few times per socket read,
/// and across the module boundary an opaque generic call with a closure would cost more than
/// the lock itself. Inlined, it specialises as it did when it lived in the same module.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: every access to `value` goes through `withLock`, which holds `lock`.
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    /// Wraps `value`.
    @inlinable
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
