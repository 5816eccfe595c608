import Foundation

/// A value guarded by a lock, for state shared between the server's threads.
///
/// `Synchronization.Mutex` would be the modern choice but needs macOS 15; the package supports
/// macOS 13, so this wraps `NSLock` instead.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only read or written inside `withLock`, which holds `lock`,
    // so no two threads ever touch it at once.
    private let lock = NSLock()
    private var value: Value

    /// Creates the box with an initial value.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns its result.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
