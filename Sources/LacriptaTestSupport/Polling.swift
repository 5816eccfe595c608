/// Waiting in a test for something another part of the same process does.
public enum Polling {
    /// Checks `condition` every `interval` until it holds; false after `polls` checks.
    ///
    /// The bound is for liveness only, and counted in polls, not wall time. The code a test waits
    /// for and the test's own polling share the concurrency pool (one thread per core); on a busy
    /// machine synchronous tests can hold every thread for a minute, and a wall-clock deadline then
    /// runs out while neither the code nor the test had a thread (`make test` beside a second build
    /// failed that way three times). A poll only counts when the test got a thread, and so, about
    /// as often, did what it waits for: 3,000 polls of 20 ms are a minute of its chances.
    public static func until(
        polls: Int = 3000, every interval: Duration = .milliseconds(20), _ condition: () async throws -> Bool
    ) async throws -> Bool {
        for _ in 0..<max(1, polls) {
            if try await condition() { return true }
            try await Task.sleep(for: interval)
        }
        return try await condition()
    }
}
