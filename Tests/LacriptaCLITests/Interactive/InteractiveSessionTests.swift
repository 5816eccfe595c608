import Foundation
import LacriptaCore
import LacriptaNet
import LacriptaSimulator
import LacriptaTerminal
import LacriptaTestSupport
import LacriptaWebSocket
import Testing

@testable import LacriptaCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Live prices driven by the test: records what the view follows, emits what the test says.
actor ScriptedLiveSource: LivePrices {
    nonisolated var sourceName: String { "the script" }
    nonisolated let eventBatches: BatchStream<[PriceFeedEvent]>
    private nonisolated let continuation: AsyncThrowingStream<[PriceFeedEvent], any Error>.Continuation
    /// Every set the view asked for, in order.
    private(set) var requests: [[Subscription]] = []
    /// Whether the view stopped the source.
    private(set) var stopped = false

    init() {
        let (batches, continuation) = AsyncThrowingStream.makeStream(of: [PriceFeedEvent].self, throwing: (any Error).self)
        eventBatches = BatchStream(batches)
        self.continuation = continuation
    }

    func follow(_ subscriptions: [Subscription]) {
        requests.append(subscriptions)
    }

    func stop() {
        stopped = true
        continuation.finish()
    }

    /// Sends `events` to the view as one batch.
    nonisolated func emit(_ events: PriceFeedEvent...) {
        continuation.yield(events)
    }
}

/// A pseudo-terminal pair: the view reads keys from the slave, the test types into the master.
struct PseudoTerminal {
    let master: Int32
    let slave: Int32

    init() throws {
        #if canImport(Darwin)
        master = posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw CocoaError(.fileNoSuchFile)
        }
        let path = String(cString: name)
        #else
        // Glibc's Swift module leaves out the XSI pseudo-terminal calls; look them up instead.
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias PTControl = @convention(c) (Int32) -> Int32
        typealias PTSName = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32
        guard let openSymbol = dlsym(nil, "posix_openpt"), let grantSymbol = dlsym(nil, "grantpt"),
            let unlockSymbol = dlsym(nil, "unlockpt"), let nameSymbol = dlsym(nil, "ptsname_r")
        else { throw CocoaError(.featureUnsupported) }
        master = unsafeBitCast(openSymbol, to: OpenPT.self)(O_RDWR | O_NOCTTY)
        var buffer = [CChar](repeating: 0, count: 128)
        guard master >= 0, unsafeBitCast(grantSymbol, to: PTControl.self)(master) == 0,
            unsafeBitCast(unlockSymbol, to: PTControl.self)(master) == 0,
            unsafeBitCast(nameSymbol, to: PTSName.self)(master, &buffer, buffer.count) == 0
        else { throw CocoaError(.fileNoSuchFile) }
        let path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
        slave = open(path, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw CocoaError(.fileNoSuchFile) }
    }

    /// Types `text` as a terminal would send it.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    func close() {
        for descriptor in [slave, master] { closeDescriptor(descriptor) }
    }
}

/// `close(2)`, named apart from `PseudoTerminal.close()`.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

@Suite("Interactive driver: keys from a terminal, REST from the simulator, live ticks, clean exit")
struct InteractiveSessionTests {
    /// Polls `output` until `condition` holds (`Polling.until`: bounded in polls, not wall time,
    /// since the in-process view and this poller share a pool a busy machine can starve).
    private func waitFor(_ what: String, in output: RecordingOutput, _ condition: (String) -> Bool) async throws {
        if try await Polling.until({ condition(output.text) }) { return }
        Issue.record("timed out waiting for \(what)")
    }

    @Test("the driver draws the toplist, subscribes the window, shows ticks and LIVE, and restores on q")
    func drivesTheView() async throws {
        let simulator = try SimulatorHarness.start()
        defer { simulator.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let output = RecordingOutput()
        let configuration = Configuration(
            apiBaseURL: simulator.restBaseURL, streamURL: URL(fileURLWithPath: "/"), cacheDirectory: home.appendingPathComponent("cache"))
        let context = Context(
            environment: ["HOME": home.path], stdout: output, stderr: RecordingOutput(),
            stdoutCapabilities: TerminalCapabilities(isTerminal: true, colorEnabled: true, width: 80, height: 24),
            stderrCapabilities: TerminalCapabilities(isTerminal: false, colorEnabled: false),
            now: { Date() }, clock: ContinuousClock(), transport: HTTPTransports.platformDefault(), configuration: configuration)
        let live = ScriptedLiveSource()
        var session = InteractiveSession(
            context: context, options: InteractiveOptions(currency: "USD", configured: []), livePrices: live)
        session.inputDescriptor = terminal.slave
        let run = Task { try await session.run() }

        try await waitFor("the toplist", in: output) { $0.contains("Bitcoin") && $0.contains("live: connecting") }
        #expect(output.text.hasPrefix(TerminalModes.enterFullScreen))
        // The subscription follows the first drawing; wait for it rather than race it.
        _ = try await Polling.until { await !live.requests.isEmpty }
        let first = await live.requests.first ?? []
        #expect(first.count == 20 && first.first == Subscription.aggregate(from: "BTC", to: "USD"))

        var script = LiveFeedScript()
        live.emit(.state(.live))
        live.emit(script.update("BTC", [.price: 69_000]), script.update("BTC", flags: .priceUp, [.price: 70_000]))
        try await waitFor("the tick", in: output) { $0.contains("$70,000.00") && $0.contains("● LIVE") }

        // A lone Esc does nothing on the toplist (read alone it is resolved by the timeout, read
        // with what follows it stands alone before the next Esc: the same either way, so no sleep);
        // arrows split across writes still move; then q quits. The output is cleared before the
        // keys, never after: the redraw could come first and be thrown away.
        output.clear()
        terminal.type("\u{1B}")
        terminal.type("\u{1B}[")
        terminal.type("B")
        try await waitFor("the second row selected", in: output) { $0.contains("\u{1B}[7m") && $0.contains("ETH") }
        // A bracketed paste is filter text: the Ctrl-C byte inside it is dropped, not a quit.
        terminal.type("/")
        terminal.type("\u{1B}[200~Ether\u{03}eum\u{1B}[201~")
        try await waitFor("the pasted filter", in: output) { $0.contains("filter \"Ethereum\"") }
        terminal.type("\r")
        terminal.type("q")
        // Bounded: if q is lost, the session is cancelled and the test fails instead of hanging.
        try await waitFor("the screen left", in: output) { $0.hasSuffix(TerminalModes.leaveFullScreen) }
        if !output.text.hasSuffix(TerminalModes.leaveFullScreen) { run.cancel() }
        let status = try await run.value
        #expect(status == .success)
        #expect(output.text.hasSuffix(TerminalModes.leaveFullScreen))
        #expect(await live.stopped)
    }
}
