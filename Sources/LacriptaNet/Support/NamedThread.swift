import Foundation

/// A thread of lacripta's own (a connection's I/O, a request, the memory return), named so that
/// ps, top, gdb and the soak's thread list say what it is.
public enum NamedThread {
    /// Runs `body` on a new thread called `name` (at most 15 bytes: Linux refuses a longer name
    /// outright). The name is set from inside the thread: on Linux, Foundation hands a name set
    /// before `start()` to the system only for the thread that sets it, and the thread went on
    /// showing its creator's name (a Dispatch worker's).
    public static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            Thread.current.name = name
            body()
        }
        thread.start()
    }
}
