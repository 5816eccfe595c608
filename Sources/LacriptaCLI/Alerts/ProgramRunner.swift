import Foundation
import LacriptaNet

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs a user's program for an alert: directly with `posix_spawn` (never through a shell, so
/// nothing in an alert can become a command), with its own process group, standard input from
/// /dev/null, its output on our standard error, every signal at its default, and killed with its
/// whole group when it outlives the timeout.
enum ProgramRunner {
    /// How a run ended.
    enum Outcome: Sendable, Equatable {
        /// It exited with this status (0 is success).
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It ran past the timeout and was killed.
        case timedOut
        /// It could not be started; `reason` in our words.
        case notStarted(String)

        /// Whether the program did its job.
        var succeeded: Bool { self == .exited(0) }

        /// "exited with status 2", for a report line.
        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "was ended by signal \(signal)"
            case .timedOut: "did not finish in time and was stopped"
            case .notStarted(let reason): "could not be started (\(reason))"
            }
        }
    }

    /// The file to run for `program`: itself when it holds a slash, else the first executable of
    /// that name in `searchPath` (PATH); nil when there is none.
    static func resolve(_ program: String, searchPath: String?) -> String? {
        try? locate(program, searchPath: searchPath).get()
    }

    /// Why `program` cannot be run, in words that follow its name.
    enum LookupFailure: Error, Equatable {
        case noSuchFile
        case notOnPath
        case directory
        case notRegularFile
        case notExecutable

        var reason: String {
            switch self {
            case .noSuchFile: "there is no such file"
            case .notOnPath: "no program of that name is on PATH; give its full path"
            case .directory: "it is a directory, not a program"
            case .notRegularFile: "it is not a regular file"
            case .notExecutable: "it is not executable (chmod +x it)"
            }
        }
    }

    /// As `resolve`, saying why there is nothing to run: only a regular file this user may execute
    /// counts (a directory has the execute bit too, and would fail only when an alert fires).
    static func locate(_ program: String, searchPath: String?) -> Result<String, LookupFailure> {
        if program.contains("/") {
            let problem = problem(with: program)
            return problem.map { .failure($0) } ?? .success(program)
        }
        for folder in (searchPath ?? "/usr/bin:/bin").split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(program)"
            if problem(with: candidate) == nil { return .success(candidate) }
        }
        return .failure(.notOnPath)
    }

    /// What keeps `path` from being run, or nil when it is a regular file we may execute.
    private static func problem(with path: String) -> LookupFailure? {
        var info = stat()
        guard stat(path, &info) == 0 else { return .noSuchFile }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return access(path, X_OK) == 0 ? nil : .notExecutable
        case S_IFDIR: return .directory
        default: return .notRegularFile
        }
    }

    /// Runs `executable` with `arguments` and `environment`, waiting at most `timeout`.
    static func run(
        _ executable: String, arguments: [String] = [], environment: [String: String], timeout: Duration, clock: any Clock<Duration>
    ) async -> Outcome {
        let pid: pid_t
        switch spawn(executable, arguments: arguments, environment: environment) {
        case .success(let spawned): pid = spawned
        case .failure(let error): return .notStarted(String(cString: strerror(error.code)))
        }
        // Once reaped, the pid may belong to someone else: the killer checks this under the lock.
        let reaped = Locked(false)
        let timedOut = Locked(false)
        let killer = Task {
            try? await clock.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            reaped.withLock { done in
                guard !done else { return }
                timedOut.withLock { $0 = true }
                kill(-pid, SIGKILL)
            }
        }
        let status = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            // waitpid blocks; a thread of its own keeps it off the concurrency pool.
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                reaped.withLock { $0 = true }
                continuation.resume(returning: status)
            }
        }
        killer.cancel()
        if timedOut.withLock({ $0 }) {
            // The group may hold children the program started; they go with it.
            kill(-pid, SIGKILL)
            return .timedOut
        }
        let low = status & 0x7F
        return low == 0 ? .exited((status >> 8) & 0xFF) : .signalled(low)
    }

    /// An errno from `posix_spawn`.
    struct SpawnError: Error {
        let code: Int32
    }

    private static func spawn(_ executable: String, arguments: [String], environment: [String: String]) -> Result<pid_t, SpawnError> {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // Its output goes to our stderr: stdout carries the alert lines a script may be reading.
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        // We ignore SIGPIPE and run on pool threads with signals blocked; the program must not
        // inherit either.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        closeInheritedDescriptors(&actions)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        var result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        // "Text file busy": a program written a moment ago can still be open for writing in a
        // child another thread forked meanwhile, until that child's exec closes it. It passes.
        var retries = 0
        while result == ETXTBSY, retries < 10 {
            retries += 1
            usleep(20_000)
            result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        }
        return result == 0 ? .success(pid) : .failure(SpawnError(code: result))
    }

    #if !canImport(Darwin)
    /// Adds "close every descriptor from 3 up" to `actions` (our sockets and the store's lock are
    /// none of the program's business): glibc's `closefrom` action when it has one (2.34+, looked
    /// up at run time), else a close for each descriptor open now.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
            if closeFrom(&actions, 3) == 0 { return }
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }
    #endif
}
