import Foundation

/// Flow control between a `PriceFeed` and the consumer of its events: counts events delivered
/// and not yet taken, and lets the feed wait while too many are outstanding.
///
/// The feed stops reading from the connection while it waits, so a slow consumer slows the
/// server down (TCP flow control) instead of growing a queue or losing updates.
final class EventWindow: @unchecked Sendable {
    // @unchecked: every mutable property is read and written with `lock` held.
    private let lock = NSLock()
    private let limit: Int
    private var outstanding = 0
    private var waiter: CheckedContinuation<Void, Never>?
    private var closed = false

    /// A window that is full at `limit` outstanding events.
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The feed delivered `count` events.
    func delivered(_ count: Int) {
        lock.lock()
        outstanding += count
        lock.unlock()
    }

    /// The consumer took `count` events; a waiting feed resumes once half the window is free.
    func taken(_ count: Int) {
        lock.lock()
        outstanding -= count
        var resumed: CheckedContinuation<Void, Never>?
        if outstanding <= limit / 2 {
            resumed = waiter
            waiter = nil
        }
        lock.unlock()
        resumed?.resume()
    }

    /// Whether the feed should wait before reading more.
    var isFull: Bool {
        lock.lock()
        defer { lock.unlock() }
        return outstanding >= limit && !closed
    }

    /// Nobody will take events any more: stop making the feed wait, now and later.
    func close() {
        lock.lock()
        closed = true
        let resumed = waiter
        waiter = nil
        lock.unlock()
        resumed?.resume()
    }

    /// Returns once half the window is free, the window is closed or the task is cancelled.
    func waitForRoom() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                lock.lock()
                // Checked under the lock: a cancellation that ran its handler before the waiter
                // was stored is seen here, so the wait cannot miss it.
                if outstanding <= limit / 2 || closed || Task.isCancelled {
                    lock.unlock()
                    continuation.resume()
                    return
                }
                waiter = continuation
                lock.unlock()
            }
        } onCancel: {
            lock.lock()
            let resumed = waiter
            waiter = nil
            lock.unlock()
            resumed?.resume()
        }
    }
}
