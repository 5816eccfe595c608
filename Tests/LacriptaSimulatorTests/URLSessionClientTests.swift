import Foundation
import LacriptaSimulator
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("REST through URLSession (libcurl on Linux)")
struct URLSessionClientTests {
    @Test("Several requests on one session (reused connections) all get whole answers; the header key is logged as present")
    func sessionReuse() async throws {
        let simulator = try SimulatorHarness.start(dataDirectory: Fixtures.directory(), requireKey: "k-123")
        defer { simulator.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        for page in 0..<3 {
            let url = try #require(URL(string: "\(simulator.restBaseURL.absoluteString)/data/top/totaltoptiervolfull?tsym=USD&limit=10&page=\(page)"))
            var request = URLRequest(url: url, timeoutInterval: 10)
            request.setValue("Apikey k-123", forHTTPHeaderField: "Authorization")
            let (data, response) = try await session.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            let document = try JSONParser.parse(data)
            #expect(document["Data"]?.arrayElements?.count == 10)
        }
        let log = simulator.rest.requestLog
        #expect(log.count == 3)
        #expect(log.allSatisfy { $0.hasAuthorizationHeader && !$0.hasAPIKeyInQuery })
    }

    @Test("A 401 reaches URLSession as a status, with the JSON body")
    func unauthorized() async throws {
        let simulator = try SimulatorHarness.start(dataDirectory: Fixtures.directory(), requireKey: "k-123")
        defer { simulator.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let url = try #require(URL(string: "\(simulator.restBaseURL.absoluteString)/data/v2/news/?lang=EN"))
        let (data, response) = try await session.data(for: URLRequest(url: url, timeoutInterval: 10))
        #expect((response as? HTTPURLResponse)?.statusCode == 401)
        #expect(try JSONParser.parse(data) == Fixtures.document(.errorAuth401))
    }
}
