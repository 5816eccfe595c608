import LacriptaSimulator
import Testing

@Suite("REST: API keys and the request log")
struct RESTAuthTests {
    private static let key = "sim-secret-key-123"
    private static let target = "/data/top/totaltoptiervolfull?tsym=USD"

    @Test("By default any key or none is accepted")
    func openByDefault() throws {
        try withSimulator { (simulator: Simulator) throws in
            #expect(try RawHTTPClient.fetch(port: simulator.restPort, Self.target).json()["Message"] == .string("Success"))
            let withKey = try RawHTTPClient.fetch(port: simulator.restPort, Self.target, headers: ["Authorization: Apikey whatever"])
            #expect(try withKey.json()["Message"] == .string("Success"))
        }
    }

    @Test("With a required key, a request without one gets HTTP 401 and the 2026 body")
    func missingKey() throws {
        try withSimulator(requireKey: Self.key) { (simulator: Simulator) throws in
            let response = try RawHTTPClient.fetch(port: simulator.restPort, Self.target)
            #expect(response.status == 401)
            #expect(try response.json() == Fixtures.document(.errorAuth401))
        }
    }

    @Test("A wrong key gets the legacy auth error with HTTP 200")
    func wrongKey() throws {
        try withSimulator(requireKey: Self.key) { (simulator: Simulator) throws in
            let response = try RawHTTPClient.fetch(port: simulator.restPort, Self.target, headers: ["Authorization: Apikey nope"])
            #expect(response.status == 200)
            #expect(try response.json() == Fixtures.document(.errorAuthLegacy))
        }
    }

    @Test(
        "The key is accepted in every form min-api accepts",
        arguments: [
            (["Authorization: Apikey \(key)"], ""),
            (["authorization: apikey \(key)"], ""),
            (["AUTHORIZATION: \(key)"], ""),
            ([], "&api_key=\(key)"),
            ([], "&apiKey=\(key)"),
        ])
    func acceptedForms(headers: [String], query: String) throws {
        try withSimulator(requireKey: Self.key) { (simulator: Simulator) throws in
            let response = try RawHTTPClient.fetch(port: simulator.restPort, Self.target + query, headers: headers)
            #expect(response.status == 200)
            #expect(try response.json()["Message"] == .string("Success"))
        }
    }

    @Test("The request log says where the key went but never holds it")
    func requestLogRedacts() throws {
        try withSimulator(requireKey: Self.key) { (simulator: Simulator) throws in
            _ = try RawHTTPClient.fetch(port: simulator.restPort, Self.target, headers: ["Authorization: Apikey \(Self.key)"])
            _ = try RawHTTPClient.fetch(port: simulator.restPort, Self.target + "&api_key=\(Self.key)")
            let log = simulator.rest.requestLog
            try #require(log.count == 2)
            #expect(log[0].hasAuthorizationHeader)
            #expect(!log[0].hasAPIKeyInQuery)
            #expect(log[0].path == "/data/top/totaltoptiervolfull")
            #expect(log[0].queryValue("tsym") == "USD")
            #expect(!log[1].hasAuthorizationHeader)
            #expect(log[1].hasAPIKeyInQuery)
            #expect(log[1].queryValue("api_key") == SimulatorRequestRecord.redactedValue)
            #expect(!String(reflecting: log).contains(Self.key))
            simulator.rest.clearRequestLog()
            #expect(simulator.rest.requestLog.isEmpty)
        }
    }

    @Test("The required key never shows up when printed")
    func requiredKeyIsRedacted() throws {
        let configuration = SimulatorConfiguration(dataDirectory: try Fixtures.directory(), requireKey: Self.key)
        #expect(!String(describing: configuration).contains(Self.key))
        #expect(!String(reflecting: configuration).contains(Self.key))
        var dumped = ""
        dump(configuration, to: &dumped)
        #expect(!dumped.contains(Self.key))
    }

    @Test("The required key can be changed at runtime")
    func runtimeKeyChange() throws {
        try withSimulator { (simulator: Simulator) throws in
            simulator.rest.setRequiredKey(Self.key)
            #expect(try RawHTTPClient.fetch(port: simulator.restPort, Self.target).status == 401)
            simulator.rest.setRequiredKey(nil)
            #expect(try RawHTTPClient.fetch(port: simulator.restPort, Self.target).status == 200)
        }
    }
}
