import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process (`lacripta`, `lacripta-sim`) started by a test in a process group of its own,
/// with every wait bounded and the whole group killed when the test is done with it.
///
/// Why not Foundation's `Process`: its child shares the test runner's process group, and a test
/// that crashes or times out leaves the child (and whatever the child started) running with the
/// write end of an output pipe; `swift test` then waits on that pipe for ever (it once hung for 50
/// minutes). Here the child leads a new group (`POSIX_SPAWN_SETPGROUP`), a timed-out read or wait
/// kills the group, and `deinit` kills whatever of the group is still alive, so a test that throws
/// half-way leaves nothing behind. The child inherits only standard input, output and error, and
/// no blocked or ignored signal (a concurrency-pool thread blocks most of them).
///
/// The blocking calls (`readToEnd`, `read(until:)`, `waitForExit`) belong on a thread of their
/// own (`ChildProcessGroup.offPool`), not on the concurrency pool, which has one thread per core.
public final class ChildProcessGroup: @unchecked Sendable {
    // @unchecked: the reaped status sits behind `lock`; the descriptors are set once in `init`
    // and a test reads each from one thread at a time.

    /// Where the child's standard output or error goes.
    public enum Output: Sendable {
        /// A pipe the test reads (`readToEnd`, `read(until:)`).
        case pipe
        /// /dev/null.
        case null
        /// This file, opened for writing (`/dev/full` fills the disk).
        case file(String)
    }

    /// How the child ended.
    public enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exit(Int32)
        /// A signal ended it.
        case signal(Int32)
    }

    /// Why a spawn failed.
    public struct SpawnFailure: Error, CustomStringConvertible {
        /// The error number from `posix_spawn` or `pipe`.
        public let errno: Int32
        public var description: String { "could not start the child: \(String(cString: strerror(errno)))" }
    }

    /// The child's process id, which is also its process group's id.
    public let pid: pid_t
    /// Read ends of the output pipes (-1 when that stream is not a pipe).
    private let outputDescriptor: Int32
    private let errorDescriptor: Int32
    private let lock = NSLock()
    private var reaped: Termination?
    private var peakResidentKilobytes: Int?
    private var closed: Set<Int32> = []

    /// Starts `executable` with `arguments` and exactly `environment`, standard input on /dev/null.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String], stdout: Output = .pipe, stderr: Output = .pipe
    ) throws {
        let spawn = try Spawn()
        let outputDescriptor = try spawn.route(stdout, to: 1)
        let errorDescriptor = try spawn.route(stderr, to: 2)
        do {
            pid = try spawn.run(executable, arguments, environment: environment)
        } catch {
            for descriptor in [outputDescriptor, errorDescriptor] where descriptor >= 0 { close(descriptor) }
            throw error
        }
        self.outputDescriptor = outputDescriptor
        self.errorDescriptor = errorDescriptor
    }

    deinit {
        // Whatever of the group still runs goes now, so nothing outlives the test holding a pipe.
        kill(-pid, SIGKILL)
        if lock.withLock({ reaped }) == nil {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
        for descriptor in [outputDescriptor, errorDescriptor] where descriptor >= 0 { closeOnce(descriptor) }
    }

    /// The highest peak resident memory (VmHWM) seen while `readToEnd` ran, in kilobytes; nil
    /// where /proc is missing. Sampled every 20 ms while the child lives, so the last moments
    /// before it exits may go unseen, but memory growing without bound cannot. (`wait4`'s
    /// `ru_maxrss` is no use here: `posix_spawn` borrows the test runner's memory until the
    /// exec, and Linux keeps that high-water mark for the child.)
    public var peakMemoryKilobytes: Int? { lock.withLock { peakResidentKilobytes } }

    /// Reads the child's VmHWM from /proc while it has not been reaped.
    private func sampleMemory() {
        guard lock.withLock({ reaped }) == nil,
            let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return }
        lock.withLock { peakResidentKilobytes = max(peakResidentKilobytes ?? 0, kilobytes) }
    }

    /// Sends `signal` to the child alone (SIGINT for a Ctrl-C), unless it has been reaped.
    public func send(_ signal: Int32) {
        if lock.withLock({ reaped }) == nil { kill(pid, signal) }
    }

    /// Sends `signal` to every process of the child's group.
    public func signalGroup(_ signal: Int32 = SIGKILL) {
        kill(-pid, signal)
    }

    /// Closes the test's end of the child's standard output, as a reader going away (`| head`) does.
    public func closeStandardOutput() {
        if outputDescriptor >= 0 { closeOnce(outputDescriptor) }
    }

    /// Waits at most `timeout` seconds for the child to end; on a timeout the group is killed and
    /// nil returned, so a hang fails the test instead of blocking it.
    public func waitForExit(timeout: TimeInterval) -> Termination? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let termination = reap(blocking: false) { return termination }
            usleep(10_000)
        }
        if let termination = reap(blocking: false) { return termination }
        signalGroup(SIGKILL)
        _ = reap(blocking: true)
        return nil
    }

    /// Reads standard output and error until both end or `timeout` seconds pass; on a timeout the
    /// group is killed and what came is returned with `timedOut` set.
    public func readToEnd(timeout: TimeInterval) -> (stdout: [UInt8], stderr: [UInt8], timedOut: Bool) {
        var output = [UInt8]()
        var error = [UInt8]()
        var open = [outputDescriptor, errorDescriptor].filter { $0 >= 0 && !isClosed($0) }
        var timedOut = false
        var deadline = Date().addingTimeInterval(timeout)
        while !open.isEmpty {
            if Date() >= deadline {
                guard !timedOut else { break }
                // Killed, the group closes its ends; a grandchild that left the group gets 5 s.
                timedOut = true
                signalGroup(SIGKILL)
                deadline = Date().addingTimeInterval(5)
            }
            sampleMemory()
            for descriptor in Self.readable(open, within: min(deadline, Date().addingTimeInterval(0.02))) {
                switch readChunk(descriptor) {
                case .bytes(let chunk) where descriptor == outputDescriptor: output += chunk
                case .bytes(let chunk): error += chunk
                case .interrupted: continue
                case .end: open.removeAll { $0 == descriptor }
                }
            }
        }
        return (output, error, timedOut)
    }

    /// Reads standard output until the text read holds `marker`, the output ends, or `timeout`
    /// seconds pass (then the group is killed); returns the text read.
    public func read(until marker: String, timeout: TimeInterval, limit: Int = 1 << 20) -> String {
        var bytes = [UInt8]()
        let deadline = Date().addingTimeInterval(timeout)
        let markerBytes = Array(marker.utf8)
        while outputDescriptor >= 0, !isClosed(outputDescriptor), bytes.count < limit {
            if Self.contains(bytes, markerBytes) { break }
            guard Date() < deadline else {
                signalGroup(SIGKILL)
                break
            }
            guard !Self.readable([outputDescriptor], within: deadline).isEmpty else { continue }
            switch readChunk(outputDescriptor) {
            case .bytes(let chunk): bytes += chunk
            case .interrupted: continue
            case .end: return String(decoding: bytes, as: UTF8.self)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs blocking `body` on a thread of its own and returns its result: the concurrency pool
    /// has one thread per core, and a test blocking them starves every other test beside it.
    public static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    // MARK: - Helpers

    private func reap(blocking: Bool) -> Termination? {
        lock.withLock {
            if let reaped { return reaped }
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &status, blocking ? 0 : WNOHANG) } while result < 0 && errno == EINTR
            guard result == pid else { return nil }
            // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions.
            let termination: Termination = status & 0x7F == 0 ? .exit((status >> 8) & 0xFF) : .signal(status & 0x7F)
            reaped = termination
            return termination
        }
    }

    private func isClosed(_ descriptor: Int32) -> Bool { lock.withLock { closed.contains(descriptor) } }

    private func closeOnce(_ descriptor: Int32) {
        let first = lock.withLock { closed.insert(descriptor).inserted }
        if first { close(descriptor) }
    }

    /// The descriptors of `descriptors` ready to read (or at end) before `deadline`.
    private static func readable(_ descriptors: [Int32], within deadline: Date) -> [Int32] {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let milliseconds = Int32(max(0, min(deadline.timeIntervalSinceNow * 1000, 1000)).rounded(.up))
        guard poll(&fds, nfds_t(fds.count), milliseconds) > 0 else { return [] }
        return fds.filter { $0.revents != 0 }.map(\.fd)
    }

    private static func contains(_ bytes: [UInt8], _ marker: [UInt8]) -> Bool {
        guard !marker.isEmpty, bytes.count >= marker.count else { return marker.isEmpty }
        return (0...(bytes.count - marker.count)).contains { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }
    }
}

/// What one `read(2)` gave.
private enum Chunk {
    case bytes([UInt8])
    case interrupted
    case end
}

/// One `read(2)` of up to 64 KiB from `descriptor` (a free function: the class's own `read(until:)`
/// would shadow the system call).
private func readChunk(_ descriptor: Int32) -> Chunk {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count > 0 { return .bytes(Array(buffer[0..<count])) }
    return count < 0 && errno == EINTR ? .interrupted : .end
}
