import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a short command with `posix_spawn`: only standard input, output and error inherited, no
/// signal blocked or ignored.
///
/// Foundation's `Process` on Linux learns that a child ended when a descriptor it hands down is
/// closed; the tmux server that `new-session` forks keeps that descriptor, so `waitUntilExit()`
/// would never return. Spawning with every other descriptor closed, and reaping with `waitpid`,
/// avoids that and keeps the test's own descriptors out of the tmux server.
enum ChildProcess {
    /// Why a spawn failed.
    struct Failure: Error, CustomStringConvertible {
        let errno: Int32
        var description: String { "posix_spawn failed: \(String(cString: strerror(errno)))" }
    }

    /// Runs `executable` with `arguments` and `environment`; returns its exit status and, with
    /// `capture`, its standard output (otherwise output goes to /dev/null).
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], capture: Bool
    ) throws -> (status: Int32, output: String) {
        var pipeEnds: [Int32] = [-1, -1]
        if capture { guard pipe(&pipeEnds) == 0 else { throw Failure(errno: errno) } }
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
        if capture {
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The calling thread is a concurrency-pool thread with most signals blocked; a tmux server
        // started from it would pass that mask on, and the view inside would never see SIGHUP.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        closeInheritedDescriptors(&actions)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        if capture { close(pipeEnds[1]) }
        guard result == 0 else {
            if capture { close(pipeEnds[0]) }
            throw Failure(errno: result)
        }
        var output = [UInt8]()
        if capture {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
                if count > 0 {
                    output += buffer[0..<count]
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            close(pipeEnds[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status, String(decoding: output, as: UTF8.self))
    }

    #if !canImport(Darwin)
    /// Adds "close every descriptor from 3 up" to `actions`: glibc's `closefrom` action when it has
    /// one (2.34+, looked up at run time since the Swift module does not import it), otherwise a
    /// close for each descriptor open now.
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
