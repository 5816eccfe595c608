import Foundation
import LacriptaNet
import LacriptaSimulator
import Testing

@Suite("Control port: faults at run time")
struct SimulatorControlTests {
    private func command(_ target: String) -> Result<SimulatorControlCommand, SimulatorControlCommand.Failure> {
        SimulatorControlCommand.parse(HTTPRequest(method: "GET", target: target))
    }

    @Test("Paths and queries parse into commands; a bad value or an unknown path does not")
    func parsing() {
        #expect(command("/stream/drop") == .success(.streamDrop(midFrame: true)))
        #expect(command("/stream/drop?mid-frame=0") == .success(.streamDrop(midFrame: false)))
        #expect(command("/stream/refuse") == .success(.streamRefuse(count: 1)))
        #expect(command("/stream/refuse?count=3") == .success(.streamRefuse(count: 3)))
        #expect(command("/rest/fault?mode=slow:4&count=2") == .success(.restFault(.slow(.seconds(4)), count: 2)))
        #expect(command("/rest/fault") == .success(.restFault(nil, count: nil)))
        #expect(command("/exchange/fault?mode=drop:0&exchange=kraken") == .success(.exchangeFault(.drop(afterMessages: 0), exchange: .kraken)))
        #expect(command("/exchange/malformed") == .success(.exchangeMalformed(nil)))
        #expect(command("/stream/refuse?count=-1") == .failure(.badParameter("count")))
        #expect(command("/rest/fault?mode=nonsense") == .failure(.badParameter("mode")))
        #expect(command("/exchange/drop?exchange=mtgox") == .failure(.badParameter("exchange")))
        #expect(command("/data/price") == .failure(.unknownPath))
    }

    @Test("refuse: the next socket gets 429 TOO_MANY_SOCKETS and a close, the one after is welcomed")
    func refuse() async throws {
        let simulator = try SimulatorHarness.startWithStreamer(options: steeredOptions(), dataDirectory: Fixtures.directory())
        defer { simulator.stop() }
        let control = SimulatorControl(simulator: simulator)
        let url = try #require(simulator.stream?.url)
        #expect(control.handle(HTTPRequest(method: "GET", target: "/stream/refuse?count=1")).status == 200)
        let refused = try await StreamProbe.connect(url)
        #expect(try await refused.nextJSON()["TYPE"] == .string("429"))
        guard case .finished? = await refused.end() else {
            Issue.record("expected a close")
            return
        }
        let welcomed = try await StreamProbe.connect(url)
        #expect(try await welcomed.nextJSON()["TYPE"] == .string("20"))
        await welcomed.close()
    }

    @Test("drop, malformed and stats act on the streamer's open sockets")
    func streamFaults() async throws {
        let simulator = try SimulatorHarness.startWithStreamer(options: steeredOptions(), dataDirectory: Fixtures.directory())
        defer { simulator.stop() }
        let control = SimulatorControl(simulator: simulator)
        let url = try #require(simulator.stream?.url)
        let probe = try await StreamProbe.connect(url)
        _ = try await probe.nextJSON()
        #expect(control.handle(HTTPRequest(method: "GET", target: "/stream/malformed")).status == 200)
        let text = try await probe.nextText()
        #expect((try? JSONParser.parse(text)) == nil && text.hasPrefix(#"{"TYPE":"5""#))
        let stats = try JSONParser.parse(control.handle(HTTPRequest(method: "GET", target: "/stats")).body)
        #expect(stats["streamSocketsOpened"] == .number("1") && stats["streamSocketsOpen"] == .number("1"))
        #expect(stats["streamMessagesSent"] == .number("2"))
        #expect(control.handle(HTTPRequest(method: "GET", target: "/stream/drop")).status == 200)
        guard case .failed? = await probe.end() else {
            Issue.record("expected the stream to throw")
            return
        }
    }

    @Test("REST and exchange faults are switched on and cleared; a service not running answers 404")
    func restAndExchangeFaults() throws {
        let simulator = try SimulatorHarness.start(dataDirectory: Fixtures.directory(), exchanges: .steered())
        defer { simulator.stop() }
        let control = SimulatorControl(simulator: simulator)
        let feeds = try #require(simulator.exchanges)
        #expect(control.handle(HTTPRequest(method: "GET", target: "/rest/fault?mode=http500&count=1")).status == 200)
        #expect(simulator.rest.fault == .http500)
        #expect(control.handle(HTTPRequest(method: "GET", target: "/rest/fault")).status == 200)
        #expect(simulator.rest.fault == nil)
        #expect(control.handle(HTTPRequest(method: "GET", target: "/exchange/fault?mode=silence:2&exchange=bitstamp")).status == 200)
        #expect(feeds.faults(for: .bitstamp) == [.silence(afterMessages: 2)] && feeds.faults(for: .kraken).isEmpty)
        #expect(control.handle(HTTPRequest(method: "GET", target: "/exchange/fault")).status == 200)
        #expect(feeds.faults(for: .bitstamp).isEmpty)
        #expect(control.handle(HTTPRequest(method: "GET", target: "/stream/silence")).status == 404)
        #expect(control.handle(HTTPRequest(method: "GET", target: "/nope")).status == 404)
        #expect(control.handle(HTTPRequest(method: "GET", target: "/rest/fault?mode=x")).status == 400)
    }

    @Test("--control-port-file starts the control port and writes its port; the REST port does not answer control paths")
    func launcher() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-sim-\(UUID().uuidString).control")
        let restFile = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-sim-\(UUID().uuidString).port")
        defer { for path in [file, restFile] { try? FileManager.default.removeItem(at: path) } }
        let arguments = ["--data", try Fixtures.directory().path, "--no-exchanges", "--control-port-file", file.path, "--port-file", restFile.path]
        #expect(SimulatorCommandLine.usage.contains("--control-port-file PATH"))
        let answers = Locked<(stats: Int?, rest: String?)>((nil, nil))
        let status = SimulatorLauncher.run(
            arguments: arguments,
            waitForTermination: {
                let port = (try? String(contentsOf: file, encoding: .utf8)).flatMap { UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                let restPort = (try? String(contentsOf: restFile, encoding: .utf8)).flatMap {
                    UInt16($0.trimmingCharacters(in: .whitespacesAndNewlines))
                }
                let stats = port.flatMap { try? RawHTTPClient.fetch(port: $0, "/stats").status }
                let rest = restPort.flatMap { try? RawHTTPClient.fetch(port: $0, "/stats").text }
                answers.withLock { $0 = (stats, rest) }
            })
        #expect(status == .success)
        #expect(answers.withLock { $0.stats } == 200)
        #expect(answers.withLock { $0.rest }?.contains("streamSocketsOpened") == false)
    }
}
