import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Store files that are not regular files, with the built binary: every command that reads one
/// answers at once, naming it, and leaves it as it is (issue 23: a FIFO hung them forever). The
/// time limit turns such a regression into a failure instead of a hang.
@Suite("store files end to end", .enabled(if: BinaryRunner.isAvailable, "build lacripta first (make test does)"), .timeLimit(.minutes(5)))
struct StoreFilesEndToEndTests {
    @Test("a FIFO as favorites, holdings or alerts: 65 in one line naming it; top still runs without stars")
    func fifo() async throws {
        let fixture = try YourCoinsEndToEndTests.Fixture(.coinGecko)
        try FileManager.default.createDirectory(at: fixture.store, withIntermediateDirectories: true)
        for name in ["favorites", "holdings", "alerts"] {
            #expect(mkfifo(fixture.store.appendingPathComponent(name).path, 0o600) == 0)
        }
        let commands: [([String], String)] = [
            // `fav add` checks the coin first (the simulator's coin list); StoreFileSafetyTests covers that path.
            (["fav"], "favorites"), (["top", "--favorites"], "favorites"),
            (["holdings"], "holdings"), (["alert", "list"], "alerts"),
        ]
        for (arguments, name) in commands {
            let result = try await BinaryRunner.run(arguments, environment: fixture.environment)
            let path = fixture.store.appendingPathComponent(name).path
            #expect(result.status == 65, "\(arguments)")
            #expect(
                result.stderr
                    == "lacripta: \(path) is a FIFO (named pipe), not a regular file; lacripta left it as it is: remove it, or put a regular file in its place\n",
                "\(arguments)")
        }
        let top = try await fixture.run("top", "-n", "5")
        #expect(top.status == 0 && top.stderr.contains("favourites not shown"))
        var status = stat()
        #expect(lstat(fixture.store.appendingPathComponent("favorites").path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("a link to /dev/zero as favorites is refused unread, not read until memory runs out")
    func devZero() async throws {
        let fixture = try YourCoinsEndToEndTests.Fixture(.coinGecko)
        try FileManager.default.createDirectory(at: fixture.store, withIntermediateDirectories: true)
        let path = fixture.store.appendingPathComponent("favorites").path
        #expect(symlink("/dev/zero", path) == 0)
        let result = try await fixture.run("fav")
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(path) is a device, not a regular file"))
    }
}
