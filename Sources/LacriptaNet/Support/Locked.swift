import Foundation

/// A value guarded by a lock, shared between callers' tasks and a connection's I/O thread.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 and the package targets macOS 13.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: every access to `value` goes through `withLock`, which holds `lock`.
    private let lock = NSLock()
    private var value: Value

    /// Wraps `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
