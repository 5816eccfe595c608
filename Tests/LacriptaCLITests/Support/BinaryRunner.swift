import Foundation
import LacriptaTestSupport

/// Runs the built `lacripta` binary as a separate process, the way a user or a script would, and
/// captures stdout, stderr and the exit status.
struct BinaryRunner {
    /// What one run produced.
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        /// The process's peak resident memory in kilobytes (nil if it could not be reaped).
        var peakMemoryKilobytes: Int? = nil
    }

    /// The built binary next to the test bundle (.build/<triple>/debug/lacripta).
    static var binary: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        // On Linux the test runner is `<dir>/lacriptaPackageTests.xctest`; on macOS it sits inside
        // `<dir>/lacriptaPackageTests.xctest/Contents/MacOS/`.
        while directory.pathComponents.count > 1 && !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("lacripta").path) {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("lacripta")
    }

    /// Whether the binary has been built (`swift build` before `swift test`; `make test` does).
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

    /// A fresh, empty environment with private cache and config folders under `home`.
    ///
    /// A test that points `LACRIPTA_API_URL` or `LACRIPTA_STREAM_URL` at a fake means CryptoCompare,
    /// key or no key: unless
    /// it names a source itself, `LACRIPTA_SOURCE=cryptocompare` goes with it, since without a key
    /// `auto` would pick the public sources.
    static func environment(home: URL, extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "HOME": home.path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "PATH": "/usr/bin:/bin",
            "TERM": "xterm-256color",
        ]
        // No test reaches the internet: exchange feeds a test does not point at the simulator
        // point at a port nobody listens on (the discard port), never at the real exchanges.
        for variable in ["LACRIPTA_COINBASE_URL", "LACRIPTA_KRAKEN_URL", "LACRIPTA_BITSTAMP_URL", "LACRIPTA_BITFINEX_URL"] {
            environment[variable] = "ws://127.0.0.1:9/"
        }
        environment.merge(extra) { _, new in new }
        let meansCryptoCompare = extra["LACRIPTA_API_URL"] != nil || extra["LACRIPTA_STREAM_URL"] != nil
        if meansCryptoCompare, extra["LACRIPTA_SOURCE"] == nil { environment["LACRIPTA_SOURCE"] = "cryptocompare" }
        return environment
    }

    /// Runs `lacripta arguments…` with `environment`, waiting at most `timeout` seconds.
    ///
    /// The wait happens on a thread of its own: Swift concurrency's pool has one thread per core
    /// (two here), and tests blocking them for seconds starve every other test running alongside.
    /// `outputPath` sends standard output to that file (`/dev/full` to fill the disk) instead of a pipe.
    static func run(
        _ arguments: [String], environment: [String: String], timeout: TimeInterval = 60, outputPath: String? = nil
    )
        async throws -> Result
    {
        try await offPool { try runBlocking(arguments, environment: environment, timeout: timeout, outputPath: outputPath) }
    }

    /// Runs blocking `body` on a dedicated thread and returns its result.
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await ChildProcessGroup.offPool(body)
    }

    /// Runs the binary in a process group of its own; on the timeout the whole group is killed, so
    /// nothing it started can keep the output pipes (and `swift test`) waiting.
    private static func runBlocking(
        _ arguments: [String], environment: [String: String], timeout: TimeInterval, outputPath: String?
    )
        throws -> Result
    {
        let child = try ChildProcessGroup(
            binary.path, arguments, environment: environment, stdout: outputPath.map { .file($0) } ?? .pipe)
        let (stdout, stderr, _) = child.readToEnd(timeout: timeout)
        // The pipes are closed: the process is ending or ended; still bounded.
        let termination = child.waitForExit(timeout: 10)
        let status: Int32
        switch termination {
        case .exit(let code)?: status = code
        case .signal(let signal)?: status = 128 + signal
        case nil: status = -1
        }
        return Result(
            status: status, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
            peakMemoryKilobytes: child.peakMemoryKilobytes)
    }
}
