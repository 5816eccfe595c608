import LacriptaTerminal
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fatal-signal guard takes the crash signals only while the view is up; the end-to-end
/// restore itself is in `TerminalRestoreEndToEndTests` (a test process cannot crash on purpose).
@Suite("FatalSignalGuard")
struct FatalSignalGuardTests {
    /// The handler address currently installed for `signal` (nil for SIG_DFL).
    private func handler(for signal: Int32) -> UnsafeRawPointer? {
        var action = sigaction()
        sigaction(signal, nil, &action)
        #if canImport(Darwin)
        return unsafeBitCast(action.__sigaction_u.__sa_handler, to: UnsafeRawPointer?.self)
        #else
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: UnsafeRawPointer?.self)
        #endif
    }

    @Test("arming takes every fatal signal; disarming gives back what was there (the runtime's backtracer)")
    func armAndDisarm() throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let rawMode = try RawMode.enable(fileDescriptor: terminal.slave)
        defer { rawMode.restore() }
        let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGQUIT]
        let before = signals.map(handler(for:))
        let armed = FatalSignalGuard.arm(rawMode: rawMode, outputDescriptor: terminal.slave, restoreBytes: "\u{1B}[?1049l")
        let during = signals.map(handler(for:))
        armed.disarm()
        #expect(signals.map(handler(for:)) == before)
        // One handler for all of them, and not the one found before.
        #expect(Set(during).count == 1)
        #expect(during.allSatisfy { $0 != nil } && during != before)
    }
}
