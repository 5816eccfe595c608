import LacriptaSimulator
import Testing

@Suite("REST: fault modes and overrides")
struct RESTFaultTests {
    private static let target = "/data/top/totaltoptiervolfull?tsym=USD&limit=10"

    @Test(
        "JSON error faults serve the recorded bodies with the recorded statuses",
        arguments: [
            (FaultMode.rateLimit, RecordedFile.errorRateLimit, 200),
            (.rateLimitCooldown, .errorRateLimitCooldown, 200),
            (.auth401, .errorAuth401, 401),
            (.authLegacy, .errorAuthLegacy, 200),
        ])
    func errorBodies(fault: FaultMode, file: RecordedFile, status: Int) throws {
        try withSimulator(fault: fault) { (simulator: Simulator) throws in
            let response = try RawHTTPClient.fetch(port: simulator.restPort, Self.target)
            #expect(response.status == status)
            #expect(try response.json() == Fixtures.document(file))
        }
    }

    @Test("http500 answers 503 with a short text body")
    func serverError() throws {
        try withSimulator(fault: .http500) { (simulator: Simulator) throws in
            let response = try RawHTTPClient.fetch(port: simulator.restPort, Self.target)
            #expect(response.status == 503)
            #expect(response.headers["Content-Type"]?.hasPrefix("text/plain") == true)
            #expect(response.text == "Service Unavailable\n")
        }
    }

    @Test("html answers 200 with an HTML page")
    func htmlPage() throws {
        try withSimulator(fault: .html) { (simulator: Simulator) throws in
            let response = try RawHTTPClient.fetch(port: simulator.restPort, Self.target)
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"]?.hasPrefix("text/html") == true)
            #expect(response.text.hasPrefix("<!DOCTYPE html>"))
        }
    }

    @Test("garbage and truncated answer 200 with a body that is not valid JSON", arguments: [FaultMode.garbage, .truncatedJSON])
    func invalidJSON(fault: FaultMode) throws {
        try withSimulator(fault: fault) { (simulator: Simulator) throws in
            let response = try RawHTTPClient.fetch(port: simulator.restPort, Self.target)
            #expect(response.status == 200)
            #expect(!response.bodyCutShort)
            #expect(response.headers["Content-Type"]?.hasPrefix("application/json") == true)
            #expect(throws: JSONParseError.self) { try response.json() }
        }
    }

    @Test("truncated is the real answer's first half")
    func truncatedIsAPrefix() throws {
        try withSimulator { (simulator: Simulator) throws in
            let full = try RawHTTPClient.fetch(port: simulator.restPort, Self.target).body
            simulator.rest.setFault(.truncatedJSON)
            let cut = try RawHTTPClient.fetch(port: simulator.restPort, Self.target).body
            #expect(cut == Array(full.prefix(full.count / 2)))
        }
    }

    @Test("truncated-transfer announces the full length and closes halfway")
    func truncatedTransfer() throws {
        try withSimulator(fault: .truncatedTransfer) { (simulator: Simulator) throws in
            let response = try RawHTTPClient.fetch(port: simulator.restPort, Self.target)
            #expect(response.bodyCutShort)
            let announced = try #require(Int(response.headers["Content-Length"] ?? ""))
            #expect(announced > 0)
            #expect(response.body.count == announced / 2)
        }
    }

    @Test("drop closes the connection without a byte")
    func drop() throws {
        try withSimulator(fault: .drop) { (simulator: Simulator) throws in
            let client = try RawHTTPClient(port: simulator.restPort)
            client.get(Self.target)
            guard case .closedWithoutAnswer = client.read() else {
                Issue.record("expected a silent close")
                return
            }
        }
    }

    @Test("slow holds the answer back, then serves it normally")
    func slow() throws {
        try withSimulator(fault: .slow(.milliseconds(300))) { (simulator: Simulator) throws in
            let client = try RawHTTPClient(port: simulator.restPort)
            client.get(Self.target, close: true)
            guard case .timedOut = client.read(timeout: 0.05) else {
                Issue.record("answered before the delay")
                return
            }
            guard case .response(let response) = client.read(timeout: 30) else {
                Issue.record("no answer after the delay")
                return
            }
            #expect(try response.json()["Message"] == .string("Success"))
        }
    }

    @Test("A counted fault clears itself; faults can be switched at runtime")
    func countedFault() throws {
        try withSimulator { (simulator: Simulator) throws in
            simulator.rest.setFault(.rateLimit, count: 2)
            let port = simulator.restPort
            #expect(try RawHTTPClient.fetch(port: port, Self.target).json()["Type"] == .number("99"))
            #expect(try RawHTTPClient.fetch(port: port, Self.target).json()["Type"] == .number("99"))
            #expect(try RawHTTPClient.fetch(port: port, Self.target).json()["Type"] == .number("100"))
            #expect(simulator.rest.fault == nil)
            simulator.rest.setFault(.http500)
            #expect(try RawHTTPClient.fetch(port: port, Self.target).status == 503)
            simulator.rest.setFault(nil)
            #expect(try RawHTTPClient.fetch(port: port, Self.target).status == 200)
        }
    }

    @Test("A per-path override wins over routes and faults, for that path only")
    func override() throws {
        try withSimulator(fault: .rateLimit) { (simulator: Simulator) throws in
            let custom = HTTPResponse.json(bytes: Array(#"{"custom":true}"#.utf8))
            simulator.rest.setOverride(custom, forPath: "/data/news/categories")
            let port = simulator.restPort
            #expect(try RawHTTPClient.fetch(port: port, "/data/news/categories").text == #"{"custom":true}"#)
            #expect(try RawHTTPClient.fetch(port: port, "/data/news/feeds").json()["Type"] == .number("99"))
            simulator.rest.removeAllOverrides()
            #expect(try RawHTTPClient.fetch(port: port, "/data/news/categories").json()["Type"] == .number("99"))
        }
    }

    @Test(
        "Fault names round-trip through their command-line spelling",
        arguments: [
            "ratelimit", "ratelimit-cooldown", "auth401", "auth-legacy", "http500", "html", "garbage",
            "truncated", "truncated-transfer", "drop", "slow:2.5",
        ])
    func faultNames(name: String) throws {
        let fault = try #require(FaultMode(argument: name))
        #expect(fault.argument == name)
    }

    @Test("Bad fault names are refused", arguments: ["", "slow:x", "slow:-1", "ratelimits", "slow:1e9"])
    func badFaultNames(name: String) {
        #expect(FaultMode(argument: name) == nil)
    }

    @Test("Plain slow means the default delay")
    func plainSlow() {
        #expect(FaultMode(argument: "slow") == .slow(FaultMode.defaultSlowDelay))
    }
}
