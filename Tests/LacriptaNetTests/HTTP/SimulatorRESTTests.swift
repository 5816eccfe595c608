import Foundation
import LacriptaSimulator
import Testing

@testable import LacriptaNet

/// The recorded answers, as the simulator serves them.
private let recorded = Result { try RecordedData(directory: SimulatorHarness.recordedDirectory()) }

@Suite("REST through the native transport against the simulator")
struct SimulatorRESTTests {
    private func request(_ simulator: Simulator, _ pathAndQuery: String, key: String? = nil) throws -> LacriptaNet.HTTPRequest {
        let url = try #require(URL(string: simulator.restBaseURL.absoluteString + pathAndQuery))
        return LacriptaNet.HTTPRequest(url: url, headers: key.map { ["authorization": "Apikey \($0)"] } ?? [:], timeout: 30)
    }

    @Test("several requests in a row all get whole answers; the key travels as a header, never in the query")
    func severalRequests() async throws {
        let simulator = try SimulatorHarness.start(requireKey: "k-123")
        defer { simulator.stop() }
        let transport = NativeHTTPTransport()
        for page in 0..<3 {
            let response = try await transport.get(
                request(simulator, "/data/top/totaltoptiervolfull?tsym=USD&limit=10&page=\(page)", key: "k-123"))
            #expect(response.status == 200)
            #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(try JSONParser.parse(response.body)["Data"]?.arrayElements?.count == 10)
        }
        let log = simulator.rest.requestLog
        #expect(log.count == 3)
        #expect(log.allSatisfy { $0.hasAuthorizationHeader && !$0.hasAPIKeyInQuery })
    }

    @Test("a 401 arrives as a status with the service's JSON body")
    func unauthorized() async throws {
        let simulator = try SimulatorHarness.start(requireKey: "k-123")
        defer { simulator.stop() }
        let response = try await NativeHTTPTransport().get(request(simulator, "/data/v2/news/?lang=EN"))
        #expect(response.status == 401)
        #expect(try JSONParser.parse(response.body) == recorded.get()[.errorAuth401])
    }

    @Test(
        "a transfer cut halfway and a connection closed unanswered are told apart",
        arguments: [
            (FaultMode.truncatedTransfer, NetError(.truncatedResponse)),
            (.drop, NetError(.emptyResponse)),
        ])
    func cutConnections(fault: FaultMode, expected: NetError) async throws {
        let simulator = try SimulatorHarness.start(fault: fault)
        defer { simulator.stop() }
        await #expect(throws: expected) {
            _ = try await NativeHTTPTransport().get(request(simulator, "/data/top/totaltoptiervolfull?tsym=USD&limit=10&page=0"))
        }
    }
}
