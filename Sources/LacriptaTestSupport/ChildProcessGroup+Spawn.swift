import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ChildProcessGroup {
    /// The `posix_spawn` set-up of one child: its own process group, standard input on /dev/null,
    /// the chosen outputs, every other descriptor closed, no signal blocked or ignored.
    final class Spawn {
        #if canImport(Darwin)
        private var actions: posix_spawn_file_actions_t?
        private var attributes: posix_spawnattr_t?
        #else
        private var actions = posix_spawn_file_actions_t()
        private var attributes = posix_spawnattr_t()
        #endif
        /// The child's ends of pipes, closed in the parent once it has been spawned.
        private var childEnds: [Int32] = []

        init() throws {
            posix_spawn_file_actions_init(&actions)
            posix_spawnattr_init(&attributes)
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }

        deinit {
            for descriptor in childEnds { close(descriptor) }
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }

        /// Points the child's `target` descriptor at `output`; returns the parent's read end of a
        /// pipe, or -1.
        func route(_ output: ChildProcessGroup.Output, to target: Int32) throws -> Int32 {
            switch output {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
                return -1
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY, 0)
                return -1
            case .pipe:
                var ends: [Int32] = [-1, -1]
                // Close-on-exec, so no other child a parallel test spawns inherits them; dup2 in
                // the child clears the flag on its copy.
                guard pipe(&ends) == 0 else { throw SpawnFailure(errno: errno) }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                posix_spawn_file_actions_adddup2(&actions, ends[1], target)
                childEnds.append(ends[1])
                return ends[0]
            }
        }

        /// Spawns the child and returns its pid.
        func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> pid_t {
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            posix_spawnattr_setsigmask(&attributes, &noSignals)
            var allSignals = sigset_t()
            sigfillset(&allSignals)
            posix_spawnattr_setsigdefault(&attributes, &allSignals)
            // Group 0: a new group whose id is the child's pid.
            posix_spawnattr_setpgroup(&attributes, 0)
            var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP)
            #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
            #else
            closeInheritedDescriptors()
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
            for descriptor in childEnds { close(descriptor) }
            childEnds = []
            guard result == 0 else { throw SpawnFailure(errno: result) }
            return pid
        }

        #if !canImport(Darwin)
        /// Adds "close every descriptor from 3 up": glibc's `closefrom` action when it has one
        /// (2.34+, looked up at run time since the Swift module does not import it), otherwise a
        /// close for each descriptor open now.
        private func closeInheritedDescriptors() {
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
}
