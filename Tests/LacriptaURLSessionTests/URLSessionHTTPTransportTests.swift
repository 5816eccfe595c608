import Foundation
import LacriptaNet
import LacriptaSimulator
import LacriptaSimulatorTestSupport
import LacriptaURLSession
import Testing

/// The URLSession transport the product uses on Apple platforms, run here over
/// FoundationNetworking against servers on 127.0.0.1: the same code, so a mistake in it shows on
/// Linux too.
@Suite("URLSession transport against fakes on 127.0.0.1")
struct URLSessionHTTPTransportTests {
    /// A whole answer: a status line, a header of our own and a body, written in two pieces.
    private static let answer = [
        Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-Lacripta-Test: 42\r\n".utf8),
        Array("Content-Length: 5\r\nConnection: close\r\n\r\nhello".utf8),
    ]

    @Test("a GET goes out with its headers and path, and the status, headers and body come back")
    func requestAndResponse() async throws {
        let server = try ScriptedHTTPServer(reply: .pieces(Self.answer))
        defer { server.stop() }
        let request = HTTPRequest(url: server.url(path: "/data/price?fsym=BTC"), headers: ["user-agent": "urlsession-test/1"])
        let response = try await URLSessionHTTPTransport(timeout: 30).get(request)
        #expect(response.status == 200)
        #expect(response.headers["x-lacripta-test"] == "42")
        #expect(response.headers["content-type"] == "text/plain")
        #expect(String(decoding: response.body, as: UTF8.self) == "hello")
        let head = try #require(server.requestHeads.first)
        #expect(head.hasPrefix("GET /data/price?fsym=BTC HTTP/1.1\r\n"))
        #expect(head.lowercased().contains("\r\nuser-agent: urlsession-test/1"))
    }

    @Test("a body larger than the limit is refused as too large")
    func bodyOverTheLimit() async throws {
        let server = try ScriptedHTTPServer(reply: .pieces(Self.answer))
        defer { server.stop() }
        let transport = URLSessionHTTPTransport(timeout: 30, maxResponseSize: 4)
        await #expect {
            _ = try await transport.get(HTTPRequest(url: server.url()))
        } throws: { error in
            (error as? NetError)?.kind == .responseTooLarge(limit: 4)
        }
    }

    @Test("the simulator's REST answers arrive whole, the key as a header and never in the query")
    func simulatorREST() async throws {
        let simulator = try SimulatorHarness.start(requireKey: "k-123")
        defer { simulator.stop() }
        let url = try #require(URL(string: simulator.restBaseURL.absoluteString + "/data/top/totaltoptiervolfull?tsym=USD&limit=10"))
        let transport = URLSessionHTTPTransport(timeout: 30)
        let response = try await transport.get(HTTPRequest(url: url, credentials: ["authorization": "Apikey k-123"], timeout: 30))
        #expect(response.status == 200)
        #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
        let json = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect((json["Data"] as? [Any])?.count == 10)
        let refused = try await transport.get(HTTPRequest(url: url, timeout: 30))
        #expect(refused.status == 401)
        let log = simulator.rest.requestLog
        #expect(log.map(\.hasAuthorizationHeader) == [true, false])
        #expect(log.allSatisfy { !$0.hasAPIKeyInQuery })
    }
}
